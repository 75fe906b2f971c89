import { cleanup, configure, prettyDOM } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadGpDashboard, loadLpDashboard } from '../page-chunks';
import { takeUnansweredCalls } from './fake-api';

/** A failing query says what it looked for and shows the top of the page, not all of it. */
const MESSAGE_LINES = 20;
const DOM_LINES = 40;

function firstLines(text: string, count: number, what: string): string {
  const lines = text.split('\n');
  if (lines.length <= count) return text;
  return [...lines.slice(0, count), `… ${lines.length - count} more lines of ${what}`].join('\n');
}

function shortElementError(message: string | null, container: Element | Document | null): Error {
  const dom = container ? prettyDOM(container, 100_000, { highlight: false }) || '' : '';
  const parts = [message ? firstLines(message, MESSAGE_LINES, 'the message') : '', dom ? firstLines(dom, DOM_LINES, 'markup') : ''];
  const error = new Error(parts.filter(Boolean).join('\n\n'));
  error.name = 'TestingLibraryElementError';
  return error;
}

// Pages are lazily loaded chunks; the first visit to one transforms it, which takes a moment, and
// longer on a busy machine: a wait fails only after 20 s (a passing one ends as soon as it can).
configure({ asyncUtilTimeout: 20_000, getElementError: shortElementError });

// The dashboards are the largest chunks: a file that renders them loads them once before its first
// test, under the hook's own time (minutes), so no test's first wait includes transforming them
// (over 20 s when other processes hold every core).
// eslint-disable-next-line no-empty-pattern -- Vitest reads the first parameter as fixtures and needs the pattern; the suite is the second
beforeAll(async ({}, suite) => {
  if (/[\\/]pages[\\/](dashboard|capital)[\\/]/.test(suite.file.filepath)) await Promise.all([loadGpDashboard(), loadLpDashboard()]);
}, 180_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear(); // the assistant's chat of the tab's session
  window.history.replaceState(null, '', '/');
  // A call the test's fake API has no handler for fails the test (a renamed procedure, a new read).
  const unanswered = takeUnansweredCalls();
  if (unanswered.length > 0) throw new Error(unanswered.join('\n'));
});

// jsdom does not scroll; the shell scrolls to the top on each new page.
window.scrollTo = () => {};

// jsdom has <dialog> but not its modal methods; these do what the tests need of them.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom has no ResizeObserver; the dashboards' charts size themselves with one.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class ResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
