import { PLAGIARISM_LIMIT_PERCENT } from '../../core/fees';
import { conference } from './conference';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}
export interface LegalPage {
  title: string;
  description: string;
  updated: string;
  sections: LegalSection[];
}

/** The registration terms (docs/product.md#fees-and-fixed-figures). */
export const terms: LegalPage = {
  title: 'Terms',
  description: `Registration and publication terms of the ${conference.title}.`,
  updated: 'Sample terms: the organiser reviews them before publication.',
  sections: [
    {
      heading: 'Registration fee',
      paragraphs: [
        'The registration fee is non-refundable. It may be transferred to a co-author of the same paper by writing to the conference email address before the conference.',
      ],
    },
    {
      heading: 'Originality and plagiarism',
      paragraphs: [
        `Papers must be original and not under review elsewhere. Plagiarism must be at most ${PLAGIARISM_LIMIT_PERCENT} %; papers above this limit are returned to the authors or rejected.`,
      ],
    },
    {
      heading: 'Registration of authors',
      paragraphs: [
        'At least one author of each accepted paper must register to ensure publication. A paper whose authors do not register is not published.',
      ],
    },
    {
      heading: 'Presentation and publication',
      paragraphs: [
        'Registered papers must be presented, in person or online. Publication depends on the publisher’s own review and timelines, stated on the registration page.',
      ],
    },
  ],
};

/** What is done with the data entered in the site's forms. */
export const privacyPolicy: LegalPage = {
  title: 'Privacy Policy',
  description: `What the ${conference.title} does with the data you enter in its forms.`,
  updated: 'Sample policy: the organiser reviews it before publication.',
  sections: [
    {
      heading: 'Contact form',
      paragraphs: [
        'When you send the contact form, the name, email, phone, subject and message you enter are stored with the date and your network (IP) address. They are used only to answer you; the address is used to limit abuse of the form.',
      ],
    },
    {
      heading: 'Accounts and papers',
      paragraphs: [
        'Authors, editors and reviewers give a name, email address and password (stored only as a secure hash). Papers, abstracts, topics and review comments are shared with the editors and the reviewers assigned to them, and are used only for the conference and its publications.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'The payment form sends your name, email and amount to the payment provider, which processes the payment. The site does not see or store card details.',
      ],
    },
    {
      heading: 'Cookies and tracking',
      paragraphs: [
        'The site uses no advertising or tracking cookies and loads nothing from other sites. Your browser keeps your login token and your last selected previous event on your own device.',
      ],
    },
    { heading: 'Your rights', paragraphs: [`To see, correct or delete the data held about you, write to ${conference.contact.email}.`] },
  ],
};

/** The author agreement. */
export const agreement: LegalPage = {
  title: 'Agreement',
  description: `The author agreement of the ${conference.title}.`,
  updated: 'Sample agreement: the organiser reviews it before publication.',
  sections: [
    {
      heading: 'Authorship and originality',
      paragraphs: [
        'By submitting a paper, the authors confirm that the work is their own, has not been published or submitted elsewhere, and that all authors agree to its submission.',
      ],
    },
    {
      heading: 'Licence to publish',
      paragraphs: [
        'The authors grant the conference and its publishers the right to publish the paper in the proceedings, book chapter or journal chosen, and to list its abstract on this site.',
      ],
    },
    {
      heading: 'Presentation',
      paragraphs: [
        'At least one author registers and presents the paper, in person or online. Registration terms are set out on the Terms page.',
      ],
    },
    {
      heading: 'Conduct',
      paragraphs: ['Authors, reviewers and delegates treat each other with respect. Reviewers keep the papers they review confidential.'],
    },
  ],
};
