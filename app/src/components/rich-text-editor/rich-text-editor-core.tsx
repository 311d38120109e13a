/**
 * tiptap with the formatting a lesson needs, nothing that fetches (no images, no embeds), so what it writes
 * passes the rich-text rule (contracts/rich-text.ts, which the server applies) unchanged. The rule's module is
 * not imported here: it would become a chunk of its own on the client's lesson pages, which share it. The toolbar is one tab stop (WAI-ARIA toolbar:
 * arrows, Home and End move between its labelled buttons); the usual shortcuts (Ctrl+B, Ctrl+I, ...) work in
 * the text. Loaded only through rich-text-editor.tsx.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The editable area's id; its label is `${id}-label`. */
  id: string;
  label: string;
  /** HTML; '' for an empty body. */
  value: string;
  onChange: (html: string) => void;
}

interface Tool {
  label: string;
  text: string;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
}

const TOOLS: Tool[] = [
  {
    label: 'Bold',
    text: 'B',
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    label: 'Italic',
    text: 'I',
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Underline',
    text: 'U',
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive('underline'),
  },
  {
    label: 'Heading',
    text: 'H2',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    label: 'Subheading',
    text: 'H3',
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    label: 'Bulleted list',
    text: '• List',
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    label: 'Numbered list',
    text: '1. List',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    label: 'Quote',
    text: '“ ”',
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  { label: 'Undo', text: '↶', run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', text: '↷', run: (e) => e.chain().focus().redo().run() },
];

const LINK_ERROR = 'Enter a link that starts with https://, http:// or mailto:';

/** The addresses the rule keeps on a link (the server drops any other). */
const isAllowedLink = (href: string) => /^(?:https?:\/\/[^\s/]|mailto:\S)/i.test(href.trim());

function LinkForm({ editor, id, onDone }: { editor: Editor; id: string; onDone: () => void }) {
  const [href, setHref] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? 'https://',
  );
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The form opens from the Link button: the address field takes the focus, as a dialog's first field would.
  useEffect(() => input.current?.focus(), []);
  const apply = () => {
    const url = href.trim();
    if (!isAllowedLink(url)) return setError(LINK_ERROR);
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  return (
    <div className="rich-text-link" role="group" aria-label="Link">
      <label htmlFor={`${id}-href`}>Link address</label>
      <input
        id={`${id}-href`}
        ref={input}
        type="url"
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-href-error` : undefined}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
          if (event.key === 'Escape') onDone();
        }}
      />
      <button type="button" className="btn" onClick={apply}>
        Apply link
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          onDone();
        }}
      >
        Remove link
      </button>
      {error && (
        <p id={`${id}-href-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({ editor, id }: { editor: Editor; id: string }) {
  const [current, setCurrent] = useState(0);
  const [linking, setLinking] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => [...TOOLS.map((t) => t.active?.(e) ?? null), e.isActive('link')],
  });
  const count = TOOLS.length + 1;
  const move = (event: KeyboardEvent) => {
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + count) % count;
    setCurrent(index);
    buttons.current[index]?.focus();
  };
  const button = (index: number, label: string, text: string, pressed: boolean | null, run: () => void) => (
    <button
      key={label}
      ref={(el) => {
        buttons.current[index] = el;
      }}
      type="button"
      className="rich-text-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed ?? undefined}
      tabIndex={index === current ? 0 : -1}
      // Keeps the text's selection while the pointer presses the button.
      onMouseDown={(event) => event.preventDefault()}
      onFocus={() => setCurrent(index)}
      onClick={run}
    >
      {text}
    </button>
  );
  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        className="rich-text-toolbar"
        onKeyDown={move}
      >
        {TOOLS.map((tool, i) =>
          button(i, tool.label, tool.text, active?.[i] ?? null, () => tool.run(editor)),
        )}
        {button(TOOLS.length, 'Link', 'Link', active?.[TOOLS.length] ?? false, () => setLinking(true))}
      </div>
      {linking && <LinkForm editor={editor} id={id} onDone={() => setLinking(false)} />}
    </>
  );
}

export default function RichTextEditorCore({ id, label, value, onChange }: RichTextEditorProps) {
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        horizontalRule: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, isAllowedUri: (url) => isAllowedLink(url) },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        class: 'rich-text-body',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });
  // A value from outside (loaded, or reset) replaces the text; our own echo does not, or the caret would jump.
  useEffect(() => {
    if (editor && value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div className="field rich-text">
      <p id={`${id}-label`} className="rich-text-label">
        {label}
      </p>
      {editor && <Toolbar editor={editor} id={id} />}
      <EditorContent editor={editor} />
    </div>
  );
}
