import type { Page } from 'playwright-core';

/** A piece of text the page shows broken or cut, and where. */
export interface LayoutProblem {
  kind: 'broken token' | 'wrapped button' | 'text outside its box';
  text: string;
  where: string;
}

/**
 * What a careful reader would see as broken on the page as it is laid out now:
 * - a figure, amount, date or e-mail (a run of text with a digit or an @) split over two lines,
 *   or a word split anywhere but after a hyphen or a slash ("Withdraw / al");
 * - a button whose label takes more than one line;
 * - a table cell, a figure (dd) or a button whose text runs outside its box ("Accounts Receivable"
 *   in a narrower column).
 * Text that is hidden (visually-hidden, display: none) is not looked at.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'broken token' | 'wrapped button' | 'text outside its box'; text: string; where: string }[] = [];
    const describe = (el: Element | null): string => {
      const parts: string[] = [];
      for (let e = el; e && parts.length < 3; e = e.parentElement) {
        const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
        parts.unshift(`${e.tagName.toLowerCase()}${cls}`);
      }
      return parts.join(' > ');
    };
    const hidden = (el: Element): boolean => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none' || style.visibility === 'hidden') return true;
        if (e.classList.contains('visually-hidden')) return true;
        if (style.position === 'absolute' && style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    /** The number of lines the rects take: distinct line boxes. */
    const linesOf = (rects: Iterable<DOMRect>): number => {
      const tops: number[] = [];
      for (const rect of rects) {
        if (rect.width < 1 || rect.height < 1) continue;
        if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
      return tops.length;
    };
    const lines = (range: Range): number => linesOf(range.getClientRects());
    /** The client rects of the text inside an element that is shown (not its screen-reader text). */
    const shownTextRects = (el: Element): DOMRect[] => {
      const rects: DOMRect[] = [];
      const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        const owner = text.parentElement;
        if (!owner || !text.textContent?.trim() || hidden(owner)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        rects.push(...range.getClientRects());
      }
      return rects;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const hiddenCache = new Map<Element, boolean>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || !text.trim() || parent.closest('svg, script, style, textarea, option, select')) continue;
      if (!hiddenCache.has(parent)) hiddenCache.set(parent, hidden(parent));
      if (hiddenCache.get(parent)) continue;
      for (const match of text.matchAll(/\S+/g)) {
        const token = match[0];
        const start = match.index;
        // Words may break after a hyphen or a slash; figures, dates and e-mails nowhere.
        const pieces = /[\d@]/.test(token) ? [{ piece: token, at: start }] : [];
        if (pieces.length === 0) {
          let at = start;
          for (const piece of token.split(/(?<=[-/–—])/)) {
            pieces.push({ piece, at });
            at += piece.length;
          }
        }
        for (const { piece, at } of pieces) {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + piece.length);
          if (lines(range) > 1) problems.push({ kind: 'broken token', text: piece, where: describe(parent) });
        }
      }
    }
    // A column header's sort button may take two lines ("Total / Gain %"); its words may not break.
    for (const button of document.querySelectorAll('button, a.button, [role="button"]')) {
      if (!button.textContent?.trim() || button.closest('thead') || hidden(button)) continue;
      if (linesOf(shownTextRects(button)) > 1)
        problems.push({ kind: 'wrapped button', text: button.textContent.trim(), where: describe(button) });
    }
    // Cells, figures of definition lists and buttons: their text stays inside their box.
    for (const cell of document.querySelectorAll('td, th, dd, button, a.button')) {
      if (!cell.textContent?.trim() || hidden(cell)) continue;
      const box = cell.getBoundingClientRect();
      const style = getComputedStyle(cell);
      let contentLeft = Infinity;
      let contentRight = -Infinity;
      for (const rect of shownTextRects(cell)) {
        if (rect.width < 1) continue;
        contentLeft = Math.min(contentLeft, rect.left);
        contentRight = Math.max(contentRight, rect.right);
      }
      if (contentRight < contentLeft) continue;
      const left = box.left + parseFloat(style.borderLeftWidth) - 1;
      const right = box.right - parseFloat(style.borderRightWidth) + 1;
      if (contentLeft < left || contentRight > right) {
        problems.push({ kind: 'text outside its box', text: cell.textContent.trim().slice(0, 60), where: describe(cell) });
      }
    }
    return problems;
  });
}
