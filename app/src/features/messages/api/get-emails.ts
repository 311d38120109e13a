import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { gql, graphql } from '@/lib/gapi';
import { mailboxKey, type Email } from '@/lib/mail';

interface EmailPage {
  items: Email[];
  total: number;
  /** null on the last page. */
  next_offset: number | null;
}

export type Folder = 'inbox' | 'sent';

/** The server's page size and largest limit (the mail contract). */
const PAGE_SIZE = 50;

/** A folder's first page, as its query asks for it and index.html's inline script too (boot/early-pages). */
// The id is the user's, or in index.html's table the mark its script replaces with it.
export const firstFolderPage = <Id extends number | string>(userId: Id, folder: Folder) => ({
  user_id: userId,
  folder,
  limit: PAGE_SIZE,
  offset: 0,
});

/** Every field the mailbox shows; sendEmail answers with the same selection. */
export const EMAIL_FIELDS = graphql`
  fragment EmailFields on Email {
    id
    parent
    previous
    from
    to
    subject
    body
    read
    created_at
    updated_at
    fromuser {
      id
      first_name
      last_name
    }
    touser {
      id
      first_name
      last_name
    }
    attachments {
      id
      name
      size
      type
    }
  }
`;

export const EMAILS_QUERY = graphql`
  query Emails($user_id: Int!, $folder: Folder, $thread: Int, $limit: Int, $offset: Int) {
    emails(user_id: $user_id, folder: $folder, thread: $thread, limit: $limit, offset: $offset) {
      items {
        ...EmailFields
      }
      total
      next_offset
    }
  }
  ${EMAIL_FIELDS}
`;

/** GraphQL emails: a folder page (newest first) or a whole thread (oldest first). */
function getEmails(
  variables: { user_id: number; folder?: Folder; thread?: number; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<EmailPage> {
  return gql<EmailPage>('emails', EMAILS_QUERY, variables, { signal });
}

export const folderQueryOptions = (userId: number, folder: Folder) =>
  infiniteQueryOptions({
    queryKey: [...mailboxKey(userId), 'folder', folder],
    queryFn: ({ pageParam, signal }) =>
      getEmails({ ...firstFolderPage(userId, folder), offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last: EmailPage) => last.next_offset ?? undefined,
  });

export const threadQueryOptions = (userId: number, thread: number) =>
  queryOptions({
    queryKey: [...mailboxKey(userId), 'thread', thread],
    queryFn: async ({ signal }) => {
      // A thread is rarely longer than a page; a long one is read to its end so the view is whole.
      const items: Email[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page = await getEmails({ user_id: userId, thread, limit: PAGE_SIZE, offset }, signal);
        items.push(...page.items);
        offset = page.next_offset;
      }
      return items;
    },
  });

export const useFolder = (userId: number, folder: Folder) =>
  useInfiniteQuery(folderQueryOptions(userId, folder));

export const useThread = (userId: number, thread: number) => useQuery(threadQueryOptions(userId, thread));
