import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PROMPT_MAX } from '@contract/assistant-rules';
import { useContractSchema } from '../../../lib/use-contract-schema';
import { FieldError, useFieldDescription } from '../../../components/field-parts';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useAssistant } from './use-assistant';
import './assistant-panel.css';

const loadPromptInput = () => import('@contract/assistant').then((contract) => contract.promptInput);

export const CHAT_PLACEHOLDER = 'Buy or Sell a stock...';

/** docs/product.md §2's chatbot panel: the conversation (announced as it grows), an input and Send. */
export function AssistantPanel({ id }: { id: string }) {
  const { messages, awaitingConfirmation, busy, send } = useAssistant();
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { formRef, errors, validate, clear } = useFieldErrors();
  const promptInput = useContractSchema(loadPromptInput);
  const { errorId, aria } = useFieldDescription({ hint: false, error: errors.prompt, describedBy: undefined });

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft;
    // A yes or no to a proposal is any text; a prompt is what the assistant's schema takes.
    if (!awaitingConfirmation && !validate(await promptInput.ready(), { prompt: text }).ok) return;
    setDraft('');
    void send(text);
  };

  return (
    <section id={id} className="assistant card" aria-labelledby="assistant-heading">
      <h2 id="assistant-heading" className="assistant__title">
        AI Assistant
      </h2>
      <div className="assistant__log" aria-live="polite" aria-relevant="additions">
        {messages.length === 0 ? (
          <p className="assistant__placeholder">{CHAT_PLACEHOLDER}</p>
        ) : (
          <ol ref={listRef} className="assistant__messages">
            {messages.map((message) => (
              <li key={message.id} className={`chat-message chat-message--${message.sender}`}>
                <span className="visually-hidden">{message.sender === 'user' ? 'You: ' : 'AI: '}</span>
                {message.text}
              </li>
            ))}
          </ol>
        )}
        {busy && <p className="assistant__typing">The assistant is replying…</p>}
      </div>
      {awaitingConfirmation && <p className="assistant__hint">Reply yes to confirm, anything else to cancel.</p>}
      <form ref={formRef} className="assistant__form" onSubmit={(event) => void submit(event)} noValidate>
        <input
          ref={inputRef}
          className="field__input assistant__input"
          aria-label="Ask AI..."
          placeholder="Ask AI..."
          value={draft}
          maxLength={PROMPT_MAX}
          {...aria}
          onChange={(event) => {
            setDraft(event.target.value);
            clear('prompt');
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy || draft.trim() === ''}>
          Send
        </button>
        <FieldError id={errorId} error={errors.prompt} />
      </form>
    </section>
  );
}
