import { z } from 'zod';
import { CONTACT_LIMITS, PHONE_MESSAGE, isValidPhone } from './contact-rules';
import { emailField, idField, nameField, textField } from './fields';
import { isoTime } from './common';

export const submitInquiryInput = z.strictObject({
  name: nameField('Name').max(CONTACT_LIMITS.name, 'Name is too long.'),
  email: emailField,
  phone: textField('Phone', { message: PHONE_MESSAGE }).max(32, PHONE_MESSAGE).refine(isValidPhone, PHONE_MESSAGE).default(''),
  message: textField('Message', { multiline: true })
    .min(1, 'Message is required.')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
});
export type SubmitInquiryInput = z.infer<typeof submitInquiryInput>;

export const markHandledInput = z.strictObject({ id: idField, handled: z.boolean({ error: 'handled must be true or false.' }) });
export type MarkHandledInput = z.infer<typeof markHandledInput>;

/** A contact form submission as the Submissions page lists it. */
export const submissionOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  created_at: isoTime,
  handled_at: isoTime.nullable().describe('When a general partner marked it handled; null while open'),
});
export type Submission = z.infer<typeof submissionOutput>;
export const contactListOutput = z.array(submissionOutput);
export const contactHandledOutput = z.object({ message: z.string(), handled_at: isoTime.nullable() });
export type ContactHandledOutput = z.infer<typeof contactHandledOutput>;
