import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  PERIOD_MESSAGE,
  PERIOD_RULE,
  type DocumentKind,
} from '@contract/document-rules';
import { messageOf } from '../../api/errors';
import { useMutation } from '@tanstack/react-query';
import type { UploadDocumentInput, UploadDocumentOutput } from '@contract/documents';
import { postFile } from '../../api/upload';
import { trpc } from '../../api/trpc';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../lib/notify';
import { FileField } from './file-field';
import { readPdfFile } from './pdf-file';

export const UPLOAD_FAILED = 'The document could not be filed.';
export const CHOOSE_PARTNERS = 'Choose at least one partner, or send it to all LPs.';
const KIND_OPTIONS = DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }));

type Errors = Partial<Record<'title' | 'period' | 'audience' | 'file', string>>;

/** The GP's upload: a PDF with a title, a kind, an optional period and its audience (docs/decisions/0020). */
export function UploadForm({ onFiled }: { onFiled: () => Promise<void> }) {
  const notify = useToast();
  const users = trpc.admin.users.list.useQuery();
  const partners = (users.data?.users ?? []).filter((u) => u.role === 'LP');
  // The file goes to the REST path that takes its size, not into a tRPC batch (docs/decisions/0020).
  const upload = useMutation({ mutationFn: (input: UploadDocumentInput) => postFile<UploadDocumentOutput>('/api/documents', input) });
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<DocumentKind>('letter');
  const [period, setPeriod] = useState('');
  const [audience, setAudience] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [reading, setReading] = useState(false);
  const audienceId = useId();
  const audienceErrorId = useId();

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const found: Errors = {};
    if (title.trim() === '') found.title = 'Title is required.';
    else if (title.trim().length > DOCUMENT_LIMITS.title) found.title = `Title is too long (at most ${DOCUMENT_LIMITS.title} characters).`;
    if (period.trim() !== '' && !PERIOD_RULE.test(period.trim())) found.period = PERIOD_MESSAGE;
    if (audience === 'chosen' && chosen.size === 0) found.audience = CHOOSE_PARTNERS;
    setReading(true);
    const file = await readPdfFile(fileRef.current?.files?.[0]);
    setReading(false);
    if (!file.ok) found.file = file.problem;
    setErrors(found);
    if (Object.keys(found).length > 0 || !file.ok) return;
    upload.mutate(
      {
        title: title.trim(),
        kind,
        period: period.trim() === '' ? null : period.trim(),
        audience: audience === 'all' ? { all: true } : { userIds: [...chosen] },
        fileName: file.fileName,
        content: file.content,
      },
      {
        onSuccess: async (answer) => {
          setTitle('');
          setPeriod('');
          setChosen(new Set());
          if (fileRef.current) fileRef.current.value = '';
          notify.success(answer.message);
          await onFiled();
        },
        onError: (error) => setProblem(messageOf(error, UPLOAD_FAILED, { orOwnMessage: true })),
      },
    );
  };

  const busy = reading || upload.isPending;
  return (
    <form className="documents__form" onSubmit={(e) => void submit(e)} noValidate aria-label="File a document">
      <TextField
        label="Title"
        name="title"
        required
        maxLength={DOCUMENT_LIMITS.title}
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <SelectField label="Kind" value={kind} options={KIND_OPTIONS} onChange={setKind} />
      <TextField
        label="Period (optional)"
        name="period"
        placeholder="2026-Q3"
        hint="A year (2026) or a quarter (2026-Q3)."
        value={period}
        error={errors.period}
        onChange={(e) => setPeriod(e.target.value)}
      />
      <fieldset
        className="documents__audience"
        aria-describedby={errors.audience ? audienceErrorId : undefined}
        aria-invalid={errors.audience ? true : undefined}
      >
        <legend className="field__label">For</legend>
        <label className="checkbox">
          <input type="radio" name={audienceId} checked={audience === 'all'} onChange={() => setAudience('all')} />
          All limited partners
        </label>
        <label className="checkbox">
          <input type="radio" name={audienceId} checked={audience === 'chosen'} onChange={() => setAudience('chosen')} />
          Chosen limited partners
        </label>
        {audience === 'chosen' &&
          (users.isPending ? (
            <p role="status">Loading the partners...</p>
          ) : users.isError ? (
            <p className="field__error" role="alert">
              The partners could not be loaded. Please reload the page.
            </p>
          ) : partners.length === 0 ? (
            <p className="documents__empty">No limited partners yet.</p>
          ) : (
            <ul className="documents__partners" aria-label="Limited partners">
              {partners.map((p) => (
                <li key={p.id}>
                  <label className="checkbox">
                    <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />
                    <span>
                      {`${p.first_name} ${p.last_name}`.trim()} <span className="documents__email">{p.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ))}
        {errors.audience && (
          <p id={audienceErrorId} className="field__error" role="alert">
            {errors.audience}
          </p>
        )}
      </fieldset>
      <FileField ref={fileRef} label="PDF file" error={errors.file} onChange={() => setErrors((e) => ({ ...e, file: undefined }))} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Filing...' : 'File document'}
      </button>
      <p className="documents__problem" role="alert">
        {problem}
      </p>
    </form>
  );
}
