import { PROVISIONAL_NOTE } from '@contract/capital-rules';
import { formatCalendarDate } from '../../lib/format';
import type { ProvisionalState } from './capital-types';

/** The mark beside a provisional figure: a word, so it reads without its color. */
export function ProvisionalMark() {
  return <span className="capital-provisional__mark"> provisional</span>;
}

/** The mark beside a value that is the official net account value a GP set for its day (the administrator's figure). */
export function OfficialMark() {
  return (
    <>
      {' '}
      <span className="capital-official__mark" title="The official net account value of that day, set by the administrator">
        official
      </span>
    </>
  );
}

/** What is provisional, from when, and why, above the figures it concerns. */
export function ProvisionalNotice({ provisional, subject }: { provisional: NonNullable<ProvisionalState>; subject: string }) {
  const since = formatCalendarDate(provisional.since);
  const scope = provisional.figures
    ? `${subject} from ${since} on are provisional, today\u2019s included.`
    : `${subject} from ${since} until the entries were recorded are provisional; today\u2019s are not.`;
  return (
    <div className="capital-provisional" role="note" aria-labelledby="capital-provisional-title">
      <p id="capital-provisional-title" className="capital-provisional__title">
        Provisional figures
      </p>
      <p className="capital-provisional__text">
        {scope} {PROVISIONAL_NOTE}
      </p>
    </div>
  );
}
