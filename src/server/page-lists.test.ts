import { expect, test } from 'vitest';
import { listBlock, previousEventsHtml } from '../core/site-lists-html';
import { renderLists } from './page-lists';

const built = `<main>${listBlock('previousEvents', '<ul>built</ul>')}<p>after</p></main>`;
const lists = {
  committee: [],
  sponsors: [],
  previousEvents: [{ _id: '5eede0000000000000000009', label: 'Vietnam 2023 Hanoi', year: 2023, place: 'Hanoi', link: '' }],
};

test("before the lists are read the build's markup stays, without its markers", () => {
  expect(renderLists(built, undefined)).toBe('<main><ul>built</ul><p>after</p></main>');
});

test('with the lists, the block is drawn again from them and a page without markers is left as it is', () => {
  expect(renderLists(built, lists)).toBe(`<main>${previousEventsHtml(lists.previousEvents)}<p>after</p></main>`);
  expect(renderLists('<p>no list</p>', lists)).toBe('<p>no list</p>');
});
