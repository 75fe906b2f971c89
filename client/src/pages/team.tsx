import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { site } from '../site';
import { PageHeader } from '../components/page-header';
import './team.css';

/** A member's initials: "Eleanor Whitfield" → "EW". */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);

/** A neutral portrait: the member's initials on a plain tile, named like a photo for screen readers. */
function MonogramPortrait({ name }: { name: string }) {
  return (
    <div className="team__photo team__monogram" role="img" aria-label={`Portrait of ${name}`}>
      <span aria-hidden="true">{initialsOf(name)}</span>
    </div>
  );
}

export function TeamPage() {
  const { team } = site;
  useDocumentTitle('Team');
  return (
    <div className="page team">
      <PageHeader title={team.heading} lead={team.culture} />
      <ul className="team__members">
        {team.members.map((member) => (
          <li key={member.name} className="team__member">
            {member.photo ? (
              <img className="team__photo" src={member.photo} alt={`Portrait of ${member.name}`} width="240" height="240" />
            ) : (
              <MonogramPortrait name={member.name} />
            )}
            <h2 className="team__name">{member.name}</h2>
            <p className="team__title">{member.title}</p>
          </li>
        ))}
      </ul>
      <section className="team__join" aria-labelledby="join-heading">
        <h2 id="join-heading" className="team__join-heading">
          {team.joinHeading}
        </h2>
        <p>{team.joinText}</p>
        <Link href="/contact" className="button button--primary">
          {team.joinAction}
        </Link>
      </section>
    </div>
  );
}
