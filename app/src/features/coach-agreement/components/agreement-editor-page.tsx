/**
 * The coaching agreement's editor: an admin writes the tenant's, a coach their own (which overrides the tenant's
 * for their clients). Publishing makes a new version, never an edit: what clients signed stays as they signed it,
 * and each client is asked to sign the new one. The text starts from the current version (or, for a coach
 * without their own, the tenant's), and is kept through a refusal.
 */
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAgreementEditor, usePublishAgreement, type AgreementEditor } from '../api/agreement-editor';

function EditorForm({ editor, zone }: { editor: AgreementEditor; zone: string }) {
  const start = editor.current ?? editor.inherited;
  const [title, setTitle] = useState(start?.title ?? 'Coaching agreement');
  const [body, setBody] = useState(start?.body_html ?? '');
  const publish = usePublishAgreement();
  const { errors, show, fromError } = useFieldErrors<'title' | 'body_html'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const empty = body.replace(/<[^>]*>/g, '').trim() === '';
    const found = {
      title: title.trim() ? undefined : 'Give the agreement a title.',
      body_html: empty ? 'Write the agreement’s text.' : undefined,
    };
    if (show(found, form)) return;
    publish.mutate(
      { title, body_html: body },
      {
        onSuccess: (answer) => notify.success(`Version ${answer.current?.version ?? ''} published`),
        onError: (error) => fromError(error, form),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="editor-title">
      <h2 id="editor-title">{editor.current ? 'Publish a new version' : 'Publish the first version'}</h2>
      <p className="muted">
        {editor.scope === 'tenant'
          ? 'Every client signs this agreement, unless their coach has one of their own.'
          : editor.inherited
            ? 'Your clients sign the portal’s agreement until you publish your own.'
            : 'Your clients sign this agreement.'}{' '}
        Clients who signed an earlier version are asked to sign the new one.
      </p>
      <Field
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <RichTextEditor id="agreement-body" label="Agreement text" value={body} onChange={setBody} />
      {errors.body_html && (
        <p className="field-error" id="agreement-body-error">
          {errors.body_html}
        </p>
      )}
      <FormButtons submitLabel="Publish" pendingLabel="Publishing…" pending={publish.isPending} />
      {editor.versions.length > 0 && (
        <>
          <h3>Versions</h3>
          <ul>
            {editor.versions.map((v) => (
              <li key={v.id}>
                Version {v.version}: {v.title}, published {formatDateTime(v.published_at, zone)}
              </li>
            ))}
          </ul>
        </>
      )}
    </form>
  );
}

export default function Page() {
  const query = useAgreementEditor();
  const user = useUser();
  const zone = displayZone(user.time_zone);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        Coaching agreement
      </h1>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <LoadFailed what="The agreement" error={query.error} retry={query.refetch} />
      ) : (
        <EditorForm editor={query.data} zone={zone} />
      )}
    </section>
  );
}
