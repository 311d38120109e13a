// A group's progress as figures: per member and lesson whether the member watched it (opened it: the client
// side records a row as soon as they do), how many of its steps and of its checklist items they ticked, and
// whether they completed it (every step and every checklist item ticked: what the lesson.completed event
// reports); per lesson and per member the totals. Pure, so the table, the chart and the CSV export show the
// same numbers.

/** The steps a member ticks on a lesson page, in the page's order. */
const STEPS = ['pre_meeting', 'attend_meeting', 'meeting_worksheet', 'taken_quiz', 'post_meeting'] as const;

type Ticks = Record<(typeof STEPS)[number], boolean>;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

interface Lesson {
  id: number;
  title: string;
  /** How many items its checklist has. */
  checklist: number;
}

interface Cell {
  watched: boolean;
  ticked: number;
  checked: number;
  completed: boolean;
}

export function progressFigures(
  lessons: Lesson[],
  members: Person[],
  rows: (Ticks & { user_id: number; lesson_id: number })[],
  checks: { user_id: number; lesson_id: number; ticked: number }[],
) {
  const byKey = new Map(rows.map((r) => [`${r.user_id}:${r.lesson_id}`, r]));
  const checkedBy = new Map(checks.map((c) => [`${c.user_id}:${c.lesson_id}`, Number(c.ticked)]));
  const cell = (userId: number, lesson: Lesson): Cell => {
    const row = byKey.get(`${userId}:${lesson.id}`);
    const ticked = row ? STEPS.filter((s) => row[s]).length : 0;
    const checked = checkedBy.get(`${userId}:${lesson.id}`) ?? 0;
    return {
      watched: row !== undefined,
      ticked,
      checked,
      completed: ticked === STEPS.length && checked === lesson.checklist,
    };
  };
  const sum = (cells: Cell[]) => ({
    watched: cells.filter((c) => c.watched).length,
    ticked: cells.reduce((n, c) => n + c.ticked, 0),
    checked: cells.reduce((n, c) => n + c.checked, 0),
    completed: cells.filter((c) => c.completed).length,
  });
  const memberRows = members.map((m) => {
    const cells = lessons.map((l) => cell(m.id, l));
    return {
      member: { id: m.id, first_name: m.first_name, last_name: m.last_name },
      cells,
      ...sum(cells),
    };
  });
  const lessonTotals = lessons.map((l, index) => ({
    lesson: { id: l.id, title: l.title },
    checklist: l.checklist,
    ...sum(memberRows.map((m) => m.cells[index]!)),
  }));
  return { steps: STEPS.length, lessons: lessonTotals, members: memberRows };
}

type ProgressFigures = ReturnType<typeof progressFigures>;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A text a
 * spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with a
 * single quote first, so a member's or lesson's name can never compute anything when the file is opened.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The figures as CSV, one line per member and lesson, CRLF line ends (RFC 4180). */
export function progressCsv(figures: ProgressFigures): string {
  const lines = [
    [
      'Member',
      'Lesson',
      'Watched',
      'Steps ticked',
      'Steps',
      'Checklist ticked',
      'Checklist items',
      'Completed',
    ],
  ];
  for (const row of figures.members) {
    const name = `${row.member.first_name} ${row.member.last_name}`;
    row.cells.forEach((c, index) => {
      lines.push([
        name,
        figures.lessons[index]!.lesson.title,
        c.watched ? 'yes' : 'no',
        String(c.ticked),
        String(figures.steps),
        String(c.checked),
        String(figures.lessons[index]!.checklist),
        c.completed ? 'yes' : 'no',
      ]);
    });
  }
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}
