/**
 * The firm's identity in one place, below the server and the browser alike: its name, address,
 * contact and team. The website's pages (client/src/site.ts) and the capital statements read it
 * here; change the firm here and both follow.
 */
export interface TeamMember {
  name: string;
  title: string;
  /** A photo under client/public; without one the page shows a neutral monogram portrait. */
  photo?: string;
}

export const firm = {
  name: 'Alder Finch Capital',
  description: 'A proprietary trading and investment firm.',
  /** The postal address statements and letters carry. */
  address: ['200 Clarendon Street, Suite 4100', 'Boston, MA 02116', 'United States'],
  /** Where partners write: the contact page and the statements' letterhead. */
  email: 'partners@alderfinch.example',
  professionalNetwork: {
    label: 'Alder Finch Capital on LinkedIn',
    url: 'https://www.linkedin.com/company/alder-finch-capital',
  },
  team: [
    // Set `photo: '/images/team/<name>.jpg'` to show a real photograph instead of the monogram.
    { name: 'Eleanor Whitfield', title: 'General Partner' },
    { name: 'Marcus Adeyemi', title: 'General Partner' },
  ] as TeamMember[],
} as const;
