/** The attachment mark of a list row, named for screen readers. */
export function PaperclipIcon({ count }: { count: number }) {
  return (
    <span className="mail-clip">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          d="M21 12.5 12.9 20.6a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6L15.6 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="visually-hidden">{count === 1 ? '1 attachment' : `${count} attachments`}</span>
    </span>
  );
}
