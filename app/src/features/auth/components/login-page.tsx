import { useId, useState, type FormEvent } from 'react';
import { usePortal } from '../../../app/portal-context';
import { VersionFooter } from '../../../components/version-footer';

/** /login: email and password in the tenant's brand. The OTP step and the API calls come with the app issue. */
export default function LoginPage() {
  const { config, brand } = usePortal();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
  };

  return (
    <div className="login-screen">
      <main className="login-card">
        {brand.logo ? (
          <img className="login-logo" src={brand.logo} alt={config.name} />
        ) : (
          <p className="login-brand">{config.name}</p>
        )}
        <h1>Sign in</h1>
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            Sign in
          </button>
        </form>
      </main>
      <VersionFooter className="login-footer" />
    </div>
  );
}
