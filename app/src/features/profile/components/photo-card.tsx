import { useId, useRef, useState, type ChangeEvent } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { notify } from '@/lib/toast';
import { fullName, type User } from '@/lib/user';
import { photoProblem, useUpdateProfilePhoto } from '../api/update-profile-photo';

export const PHOTO_CHANGED = 'Profile picture changed successfully';

/** The picture and its change: choose a file, see it, then upload it (or pick another). */
export function PhotoCard({ user }: { user: User }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUpdateProfilePhoto(user.id);

  // A data: URL, not a blob: one: the tenant CSP allows images from data: but not from blob:.
  const readPreview = (chosen: File) => {
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(chosen);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const wrong = photoProblem(chosen);
    setProblem(wrong);
    setFile(wrong ? null : chosen);
    setPreview(null);
    if (!wrong) readPreview(chosen);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
    } catch {
      return; // The error is a toast; the chosen picture stays so the user can retry.
    }
    notify.success(PHOTO_CHANGED);
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="card photo-card">
      <h2>Profile picture</h2>
      {preview ? (
        <img className="avatar photo-preview" src={preview} alt="Your selection, not saved yet" />
      ) : (
        <UserAvatar user={user} size={120} />
      )}
      <p className="photo-name">{fullName(user)}</p>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-describedby={`${inputId}-hint`}
        onChange={choose}
      />
      {/* After the input so CSS can show the input's keyboard focus on this visible label. */}
      <label htmlFor={inputId} className="btn btn-secondary">
        Choose a picture
      </label>
      <p id={`${inputId}-hint`} className="field-hint">
        JPEG, PNG, GIF or WebP, at most 5 MB.
      </p>
      {problem && <p className="field-error">{problem}</p>}
      {file && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={upload.isPending}
          onClick={() => void save()}
        >
          {upload.isPending ? 'Uploading...' : 'Save picture'}
        </button>
      )}
    </div>
  );
}
