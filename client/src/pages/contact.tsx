import { useState, type FormEvent } from 'react';
import { submitInquiryInput } from '@contract/contact';
import { messageOf } from '../api/errors';
import { trpc } from '../api/trpc';
import { PhoneField } from '../components/phone-field';
import { TextAreaField } from '../components/text-area-field';
import { EmailField } from '../components/email-field';
import { TextField } from '../components/text-field';
import { useToast } from '../lib/notify';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFieldErrors } from '../lib/use-field-errors';
import { site } from '../site';
import { PageHeader } from '../components/page-header';
import './contact.css';

export const CONTACT_SUCCESS = 'Submission successful!';
export const CONTACT_FAILED = 'Error sending inquiry.';

const EMPTY = { name: '', email: '', phone: '', message: '' };

export function ContactPage() {
  const { contact } = site;
  useDocumentTitle('Contact');
  const notify = useToast();
  const [form, setForm] = useState(EMPTY);
  const submit = trpc.contact.submit.useMutation();
  const { formRef, errors, validate, clear } = useFieldErrors();

  const set = (field: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate(submitInquiryInput, form).ok) return;
    submit.mutate(form, {
      onSuccess: (answer) => {
        notify.success(answer.message || CONTACT_SUCCESS);
        setForm(EMPTY);
      },
      onError: (error) => notify.error(messageOf(error, CONTACT_FAILED, { orOwnMessage: true })),
    });
  };

  return (
    <div className="page contact">
      <PageHeader title={contact.heading} lead={contact.intro} />
      <div className="contact__layout">
        <aside className="contact__details" aria-labelledby="contact-details-heading">
          <h2 id="contact-details-heading" className="contact__details-heading">
            Reach us directly
          </h2>
          <p className="contact__label">Email</p>
          <p className="contact__email">{contact.email}</p>
          <p className="contact__label">Professional network</p>
          <p>
            <a href={contact.professionalNetwork.url} target="_blank" rel="noopener noreferrer">
              {contact.professionalNetwork.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </aside>
        <form ref={formRef} className="card contact__form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading" className="card__title">
            Send an inquiry
          </h2>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={form.name}
            error={errors.name}
            onChange={(e) => set('name')(e.target.value)}
          />
          <EmailField autoComplete="email" value={form.email} error={errors.email} onChange={(e) => set('email')(e.target.value)} />
          <PhoneField value={form.phone} onChange={set('phone')} error={errors.phone} />
          <TextAreaField
            label="Inquiry"
            name="message"
            required
            rows={6}
            value={form.message}
            error={errors.message}
            onChange={(e) => set('message')(e.target.value)}
          />
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={submit.isPending}>
              {submit.isPending ? 'Sending…' : 'Submit'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
