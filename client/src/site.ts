import { firm } from '@contract/firm';

export type { TeamMember } from '@contract/firm';

/**
 * The website's texts in one place. The firm's identity (name, address, contact, team) is
 * server/src/contract/firm.ts, which the statements read too; no page repeats any of it.
 */
export const site = {
  name: firm.name,
  description: firm.description,
  /** The postal address statements and letters carry. */
  address: firm.address,

  home: {
    eyebrow: 'Proprietary trading & investment',
    title: firm.name,
    intro:
      'We are a proprietary trading firm that invests our own capital across public markets, private ventures and real estate. ' +
      'We give our investors the knowledge, tools and resources to understand every position we hold, ' +
      'and we work toward one collaborative mission: disciplined, durable growth shared with the partners who trust us.',
    backgroundImage: '/images/skyline.svg',
  },

  team: {
    heading: 'Meet the Team!',
    culture:
      'Our culture rests on collaboration, integrity and continuous growth. We share research openly, ' +
      'hold ourselves to plain honesty with every partner, and keep learning from each market we trade.',
    members: firm.team,
    joinHeading: 'Want to Join Our Team?',
    joinText: 'We are always glad to hear from people who share our values and our curiosity about markets.',
    joinAction: 'Apply Here',
  },

  contact: {
    heading: 'Contact Us',
    intro:
      'We would be glad to hear from you. Whether you have a question about the firm, our approach or partnering with us, ' +
      'get in touch using the form below and a partner will reply.',
    email: firm.email,
    professionalNetwork: firm.professionalNetwork,
  },
} as const;
