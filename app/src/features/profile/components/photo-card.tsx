import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FieldError, controlAria } from '@/components/field';
import { UserAvatar } from '@/components/user-avatar';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { fullName, type User } from '@/lib/user';
import { photoProblem, useUpdateProfilePhoto } from '../api/update-profile-photo';

export const PHOTO_CHANGED = 'Profile picture changed successfully';

/**
 * The picture and its change: choose a file, see it, then upload it (or pick another). What is wrong with the
 * file (found here, or the API's refusal of its content) shows under the picker.
 */
export function PhotoCard({ user }: { user: User }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { errors, show, fromError } = useFieldErrors<'file'>();
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
    show(wrong ? { file: wrong } : {});
    setFile(wrong ? null : chosen);
    setPreview(null);
    if (!wrong) readPreview(chosen);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      // The chosen picture stays so the user can retry (or choose another).
      fromError(error);
      return;
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
        {...controlAria(inputId, true, errors.file)}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        onChange={choose}
      />
      {/* After the input so CSS can show the input's keyboard focus on this visible label. */}
      <label htmlFor={inputId} className="btn btn-secondary">
        Choose a picture
      </label>
      <p id={`${inputId}-hint`} className="field-hint">
        JPEG, PNG, GIF or WebP, at most 5 MB.
      </p>
      <FieldError id={inputId} error={errors.file} />
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
