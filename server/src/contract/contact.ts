import { z } from 'zod';
import { CONTACT_LIMITS, PHONE_MESSAGE, isValidPhone } from './contact-rules';
import { emailField, idField, nameField, textField } from './fields';

export const submitInquiryInput = z.strictObject({
  name: nameField('Name').max(CONTACT_LIMITS.name, 'Name is too long.'),
  email: emailField,
  phone: textField('Phone', { message: PHONE_MESSAGE }).max(32, PHONE_MESSAGE).refine(isValidPhone, PHONE_MESSAGE).default(''),
  message: textField('Message', { multiline: true })
    .min(1, 'Message is required.')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
});

export const markHandledInput = z.strictObject({ id: idField, handled: z.boolean({ error: 'handled must be true or false.' }) });
