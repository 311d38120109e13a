/** Line icons drawn inline (24x24, stroke = currentColor): no icon font or library in the bundle. */
const PATHS = {
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  book: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M12 12.5v5M9.5 15h5',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6',
  play: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM10 8l6 4-6 4z',
  folder: 'M3 6h6l2 2h10v11H3z',
  check: 'M4 4h16v16H4zM8 12l3 3 5-6',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  note: 'M5 3h10l4 4v14H5zM14 3v5h5M8 13h8M8 17h6',
  form: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h3',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a8 8 0 0 1 16 0v1',
  academy: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  coach: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM5 21l2-6h10l2 6M12 15v6',
  home: 'M3 11l9-8 9 8M5 9v12h14V9M10 21v-6h4v6',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5',
  menu: 'M3 6h18M3 12h18M3 18h18',
  chevron: 'M6 9l6 6 6-6',
  logout: 'M15 4h5v16h-5M10 8l-4 4 4 4M6 12h11',
  close: 'M6 6l12 12M18 6L6 18',
  goal: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
