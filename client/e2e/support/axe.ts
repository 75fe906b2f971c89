import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Which of axe's rules to run. `serious`: every enabled rule that can report a serious or critical
 * violation. A rule's violation is as severe as its rule's own impact, or else as the most severe of
 * its checks' impacts (axe-core's aggregateChecks), so the rules left out (landmarks, region, heading
 * order: moderate and minor only) could never fail this check; they were half of axe's time on a
 * dashboard. `colours`: only the rules that read colours, for a second theme of a page whose other
 * rules have run on the same markup.
 */
export type AxeRules = 'serious' | 'colours';

const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core in the page and answers its serious and critical violations. The script is
 * evaluated through the DevTools protocol, which the app's Content-Security-Policy does not block.
 */
export async function seriousViolations(page: Page, rules: AxeRules = 'serious'): Promise<Violation[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(
    async ({ rules, colourRules }) => {
      interface CheckRef {
        id: string;
      }
      interface Rule {
        id: string;
        enabled: boolean;
        impact?: string;
        any: (string | CheckRef)[];
        all: (string | CheckRef)[];
        none: (string | CheckRef)[];
      }
      interface Axe {
        run(context: Document, options: object): Promise<AxeResults>;
        _audit: {
          rules: Rule[];
          checks: Record<string, { impact?: string } | undefined>;
          data: { checks: Record<string, { impact?: string } | undefined> };
        };
      }
      const axe = (window as unknown as { axe: Axe }).axe;
      const severity = ['minor', 'moderate', 'serious', 'critical'];
      const checkImpact = (ref: string | CheckRef) => {
        const id = typeof ref === 'string' ? ref : ref.id;
        return axe._audit.checks[id]?.impact ?? axe._audit.data.checks[id]?.impact ?? 'minor';
      };
      const worst = (rule: Rule) =>
        rule.impact
          ? severity.indexOf(rule.impact)
          : Math.max(0, ...[...rule.any, ...rule.all, ...rule.none].map((c) => severity.indexOf(checkImpact(c))));
      const values =
        rules === 'colours'
          ? colourRules
          : axe._audit.rules.filter((r) => r.enabled && worst(r) >= severity.indexOf('serious')).map((r) => r.id);
      return axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values } });
    },
    { rules, colourRules: COLOUR_RULES },
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
