import { EventUpdateArgs } from '../../../src/events';
import { RestError } from '../../../src/reasons/rest-error';
import { suppliedArgs, validateRestArgs } from '../../../src/rest/params/rest-validation.pipe';

/** An event write's `venue` / `organizer` as the DTO hands them to the services (issue #33: validated once). */
describe('event write DTO: venue and organizer', () => {
  const read = (body: Record<string, unknown>) => validateRestArgs(EventUpdateArgs, body);

  it('reads IDs, {id} objects and comma lists into IDs, in the order sent', () => {
    expect(read({ venue: 5 }).venue).toEqual({ kind: 'link', elements: [{ id: 5 }] });
    expect(read({ venue: [{ id: '7' }] }).venue).toEqual({ kind: 'link', elements: [{ id: 7 }] });
    expect(read({ organizer: '3, 2' }).organizer).toEqual({ kind: 'link', elements: [{ id: 3 }, { id: 2 }] });
  });

  it('reads 0, "", [] and {} as "remove the links", and absence as nothing to change', () => {
    for (const empty of [0, '0', '', [], {}]) expect(read({ organizer: empty }).organizer).toEqual({ kind: 'clear' });
    const args = read({ title: 'x' });
    expect(args.venue).toBeNull();
    expect(suppliedArgs(args).has('venue')).toBe(false);
  });

  it('validates an inline record with its own route’s DTO', () => {
    const venue = read({ venue: { venue: 'Hall', city: 'Paris' } }).venue;
    expect(venue).toMatchObject({ kind: 'link', elements: [{ inline: { venue: 'Hall', city: 'Paris' } }] });
    const refused = read({ venue: { venue: 'Bad site', website: 'nope' } }).venue as { elements: { invalid: string }[] };
    expect(refused.elements[0].invalid).toMatch(/^venue \(inline\): .*website/);
  });

  it('keeps each refusal, with its reason, in its place for the database checks to report together', () => {
    expect(read({ venue: [1, 2] }).venue).toEqual({ kind: 'invalid', reason: 'venue: an event has one venue; 2 were given.' });
    expect(read({ organizer: [4, 'x'] }).organizer).toEqual({
      kind: 'link',
      elements: [{ id: 4 }, { invalid: 'organizer: "x" is neither an ID nor an object describing the organizer.' }],
    });
    const inline = read({ organizer: [{ email: 'a@example.org' }] }).organizer as { elements: { invalid: string }[] };
    expect(inline.elements[0].invalid).toMatch(/^organizer \(inline\): missing organizer\.$/);
  });

  it('still refuses a value of the wrong type at the parameter stage (rest_invalid_type)', () => {
    let error: unknown;
    try {
      read({ venue: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestError);
    expect((error as RestError).toBody()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { venue: 'venue is not of type array.' }, details: { venue: { code: 'rest_invalid_type' } } },
    });
  });
});
