import { eq } from 'drizzle-orm';
import { writeBooks } from '../portfolio/ledger';
import { pendingActions } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import { fail } from '../../platform/errors';
import { LIMITS } from '../../platform/rate-limit';
import { describeGains, describePosition, describePositions, describeValue, positionOf, positions, totals } from './facts';
import { UnusableReply, type ModelAgent } from './openai-agent';
import { readPrompt, type Question, type TradeDraft } from './parse';
import { prepareTrade, tradeProposal } from './proposal';
import { executeTrade } from './trades';
import { afterPurchase, type HoldingsDeps } from '../portfolio/holdings';

/** The portfolio's services it trades through, and the model when OPENAI_API_KEY is set. */
export interface AssistantDeps extends HoldingsDeps {
  /** The OpenAI path; null means the offline parser. */
  assistantModel: ModelAgent | null;
}

export interface AssistantReply {
  message: string;
  requiresConfirmation: boolean;
}

/** docs/product.md §8's chat error text, sent when the model cannot be reached. */
export const AI_UNAVAILABLE = 'Error contacting AI';
export const PENDING_MINUTES = 10;

export const ASSISTANT_TEXT = {
  help:
    'I can buy or sell stocks and crypto, for example "buy 10 AAPL", "buy 10 shares of AAPL at 150.25", "sell 0.5 BTC" ' +
    'or "purchase 3 MSFT on 2026-01-05", and answer questions such as "what is my position in AAPL?", ' +
    '"what is the portfolio worth?" or "what are my gains?".',
  quantity: 'Tell me how many to trade as a number, for example "sell 5 TSLA" or "buy 0.25 BTC".',
  form: 'I could not read that trade. Write it like "buy 10 AAPL", "buy 10 shares of AAPL at 150.25" or "sell 0.5 BTC".',
  unusable:
    'I could not turn that into a single clear trade, so nothing was proposed. Please ask for one trade at a time, with a quantity.',
  declined: 'Cancelled. Nothing was bought or sold.',
  nothingPending: 'There is no trade waiting for your confirmation.',
  expired: `That trade was not confirmed within ${PENDING_MINUTES} minutes, so nothing was done. Ask again if you still want it.`,
  tooMany: 'You are sending the assistant too many requests. Please wait a minute and try again.',
} as const;

/** A price written some other way than as a plain number ("1e3"). */
export const unreadablePrice = (price: string) =>
  `I could not read the price "${price}". Write it as a plain number, for example "buy 5 AAPL at 1000" or "at 150.25".`;

/** Buying on margin only when the partner's own words say so, whatever a model proposed. */
const saysMargin = (prompt: string) => /\bmargin\b/i.test(prompt);

async function answer(deps: AssistantDeps, question: Question): Promise<string> {
  if (question.kind === 'position') {
    const position = await positionOf(deps, question.symbol);
    return position ? describePosition(position) : `The firm holds no ${question.symbol}.`;
  }
  if (question.kind === 'positions') return describePositions(await positions(deps));
  const t = await totals(deps);
  return question.kind === 'value' ? describeValue(t) : describeGains(t);
}

/** The offline path: what the parser understood, or what it cannot do. */
async function offline(deps: AssistantDeps, prompt: string): Promise<{ message: string; draft?: TradeDraft }> {
  const reading = readPrompt(prompt);
  if (reading.type === 'trade') return { message: '', draft: reading.draft };
  if (reading.type === 'question') return { message: await answer(deps, reading.question) };
  if (reading.type === 'unclear-trade') return { message: ASSISTANT_TEXT[reading.reason] };
  if (reading.type === 'unclear-price') return { message: unreadablePrice(reading.price) };
  return { message: `I can't help with that. ${ASSISTANT_TEXT.help}` };
}

async function ask(deps: AssistantDeps, prompt: string): Promise<{ message: string; draft?: TradeDraft }> {
  if (!deps.assistantModel) return offline(deps, prompt);
  try {
    return await deps.assistantModel(deps, prompt);
  } catch (err) {
    if (err instanceof UnusableReply) return { message: ASSISTANT_TEXT.unusable };
    throw fail.badGateway(AI_UNAVAILABLE, err);
  }
}

/**
 * A GP's chat message. A trade is only proposed: it is stored for this GP (replacing any earlier
 * one) and the reply asks for yes or no. Nothing the model says is ever executed.
 */
export async function prompt(deps: AssistantDeps, actor: Actor, text: string): Promise<AssistantReply> {
  if (!(await deps.limiter.hit(`assistant:${actor.id}`, LIMITS.assistantPerUser))) throw fail.tooMany(ASSISTANT_TEXT.tooMany);
  const reply = await ask(deps, text);
  if (!reply.draft) return { message: reply.message, requiresConfirmation: false };

  const prepared = await prepareTrade(deps, { ...reply.draft, margin: reply.draft.margin && saysMargin(text) });
  if (!prepared.ok) return { message: prepared.message, requiresConfirmation: false };
  const now = deps.now();
  const pending = { action: prepared.proposal, expiresAt: new Date(now.getTime() + PENDING_MINUTES * 60_000), createdAt: now };
  await deps.db
    .insert(pendingActions)
    .values({ userId: actor.id, ...pending })
    .onConflictDoUpdate({ target: pendingActions.userId, set: pending });
  return { message: prepared.message, requiresConfirmation: true };
}

/** Yes carries out exactly the stored trade, once; no cancels it. */
export async function confirm(deps: AssistantDeps, actor: Actor, yes: boolean): Promise<{ message: string }> {
  const now = deps.now();
  const done = await writeBooks(deps.db, async (tx) => {
    // Taking the row out is the claim: a second confirm finds nothing.
    const [taken] = await tx.delete(pendingActions).where(eq(pendingActions.userId, actor.id)).returning();
    if (!taken) return { message: ASSISTANT_TEXT.nothingPending };
    if (taken.expiresAt <= now) return { message: ASSISTANT_TEXT.expired };
    if (!yes) return { message: ASSISTANT_TEXT.declined };
    const proposal = tradeProposal.parse(taken.action);
    return executeTrade({ db: tx, now: () => now }, { ...actor, via: 'assistant' }, proposal);
  });
  // A symbol new to the firm gets its quote at once, as one added through the form does.
  if ('bought' in done && done.bought) await afterPurchase(deps, done.bought.symbol);
  return { message: done.message };
}
