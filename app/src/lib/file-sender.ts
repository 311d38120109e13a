/**
 * Who sent a file, said one way on every screen that lists files (the client's /resources, the coach's client
 * page): by the sender the API names and whether they are a coach, never guessed from who is looking, so a
 * colleague's file is never "from a coach" and the viewer's own is "Sent by you".
 */
import { fullName } from './user';

interface SentFile {
  sender: { id: number; first_name: string; last_name: string };
  from_coach: boolean;
  /** For the client's whole company, or for one client alone. */
  to: 'client' | 'company';
}

/** 'Sent by you', 'From your coach, Sam Rivera, for you alone', 'Sent by Jordan Lee', 'From coach Sam Rivera'. */
export function fromWhom(file: SentFile, viewer: { id: number; client: boolean }): string {
  const name = fullName(file.sender);
  const who =
    file.sender.id === viewer.id
      ? 'Sent by you'
      : file.from_coach
        ? viewer.client
          ? `From your coach, ${name}`
          : `From coach ${name}`
        : `Sent by ${name}`;
  if (file.to === 'company') return who;
  return `${who}, for ${viewer.client ? 'you' : 'the client'} alone`;
}
