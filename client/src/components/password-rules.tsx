import { PASSWORD_RULES } from '@contract/password-rules';

/** The sign-up password rules, each ticked as the typed password meets it. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <div className="password-rules" id={id}>
      <p className="password-rules__title">Your password needs:</p>
      <ul className="password-rules__list">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={met ? 'password-rules__rule password-rules__rule--met' : 'password-rules__rule'}>
              <span className="password-rules__mark" aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              {rule.text}
              <span className="visually-hidden">{met ? ' (met)' : ' (not yet met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
