/**
 * The firm's identity in one place, below the server and the browser alike: its name, address,
 * contact, payment instructions and team. The website's pages (client/src/site.ts) and the capital statements read it
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
  /** What capital call and distribution notices tell partners about paying; the PAYMENT_INSTRUCTIONS setting replaces it. */
  paymentInstructions: [
    "Pay by wire transfer to the fund's account as set out in your subscription documents.",
    'Quote your name and the notice date as the reference.',
    'Never act on changed bank details sent by e-mail: call the firm to confirm them first.',
  ],
  team: [
    // Set `photo: '/images/team/<name>.jpg'` to show a real photograph instead of the monogram.
    { name: 'Eleanor Whitfield', title: 'General Partner' },
    { name: 'Marcus Adeyemi', title: 'General Partner' },
  ] as TeamMember[],
} as const;
