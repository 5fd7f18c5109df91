import { ADMIN, startTestApp, TestApp } from '../support/test-app';
import { ECA } from './changes-test-helpers';
import { EVENTS } from './events-write-helpers';

type Json = Record<string, any>;

const IMPORTS = `${ECA}/imports`;

/** The plugin's CSV importer's own columns (Column_Mapper.php), a quoted description over two lines, an all-day row, a bad row. */
const PLUGIN_CSV = [
  'Event Name,Event Description,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event,Event Time Zone,Event Venue Name,Event Organizer Name(s) or ID(s),Event Cost,Event Category,Event Tags,Event Website,Feature Event',
  'Spring concert,"Strings, winds and choir.',
  'Free entry.",2027-04-17,7:30 pm,2027-04-17,9:30 pm,,Europe/Paris,Salle Pleyel,"Ensemble Nord, Ada Lovelace",15,"Music, Concerts",spring,https://example.org/concert,yes',
  'Garden fair,,2027-05-01,,2027-05-02,,TRUE,,Botanical garden,,,Fairs,,,',
  'No date,,,,,,,,,,,,,,',
  '',
].join('\r\n');

/** CSV import over HTTP (docs/import.md): the plugin's columns, a mapping for other headers, re-import, bad files. */
describe('import (CSV)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: string, query: Json = {}) => t.http.post(IMPORTS).query(query).set('Authorization', ADMIN).set('Content-Type', 'text/csv').send(body);
  const event = async (id: number): Promise<Json> => (await t.http.get(`${EVENTS}/${id}`).set('Authorization', ADMIN).expect(200)).body;

  it('imports a file with the plugin’s column names: each row an event, a bad row reported with its line', async () => {
    const report = (await post(PLUGIN_CSV).expect(201)).body;
    expect(report).toMatchObject({ format: 'csv', counts: { created: 2, failed: 1 } });
    expect(report.items.map((i: Json) => [i.action, i.line, i.reason])).toEqual([
      ['created', 2, null],
      ['created', 4, null],
      ['failed', 5, 'Event Start Date is empty.'],
    ]);
    const concert = await event(report.items[0].event_id);
    expect(concert).toMatchObject({
      title: 'Spring concert',
      start_date: '2027-04-17 19:30:00',
      end_date: '2027-04-17 21:30:00',
      timezone: 'Europe/Paris',
      all_day: false,
      cost: '$15',
      website: 'https://example.org/concert',
      featured: true,
    });
    expect(concert.description).toContain('Strings, winds and choir.');
    expect(concert.description).toContain('Free entry.');
    expect(concert.venue.venue).toBe('Salle Pleyel');
    expect(concert.organizer.map((o: Json) => o.organizer)).toEqual(['Ensemble Nord', 'Ada Lovelace']);
    expect(concert.categories.map((c: Json) => c.name).sort()).toEqual(['Concerts', 'Music']);
    expect(concert.tags.map((c: Json) => c.name)).toEqual(['spring']);
    const fair = await event(report.items[1].event_id);
    expect(fair).toMatchObject({ all_day: true, start_date: '2027-05-01 00:00:00', end_date: '2027-05-02 23:59:59' });

    const again = (await post(PLUGIN_CSV).expect(201)).body;
    expect(again.counts).toMatchObject({ created: 0, unchanged: 2, failed: 1 });
    expect(again.items[0].event_id).toBe(report.items[0].event_id);
  });

  it('reads other headers through a mapping', async () => {
    const csv = 'Title;Starts;Ends\n'.replace(/;/g, ',') + 'Mapped talk,2027-06-01 18:00,2027-06-01 19:00\n';
    const report = (await post(csv, { mapping: { Title: 'Event Name', Starts: 'event_start_date', Ends: 'Event End Date' } }).expect(201)).body;
    expect(report.counts.created).toBe(1);
    expect(await event(report.items[0].event_id)).toMatchObject({ title: 'Mapped talk', start_date: '2027-06-01 18:00:00', end_date: '2027-06-01 19:00:00' });
    const wrong = await post(csv, { mapping: { Title: 'Headline' } }).expect(400);
    expect(wrong.body.data.params.mapping).toBe('"Title" is mapped to no column of the plugin\'s CSV importer (e.g. "Event Name", "Event Start Date").');
  });

  it('imports the plugin’s venue and organizer files: each row a record, a name already taken updates that record', async () => {
    const venues = [
      'Venue Name,Venue Description,Venue Country,Venue Address,Venue Address 2,Venue City,Venue State/Province,Venue Zip,Venue Phone,Venue Website',
      'Salle Pleyel,A concert hall,France,252 Rue du Faubourg Saint-Honoré,Hall B,Paris,Île-de-France,75008,+33 1 76 49 43 13,https://www.sallepleyel.com',
      'Riverside Hall,,United States,1 River Rd,,Springfield,IL,62701,,',
      ',No name,,,,,,,,',
    ].join('\n');
    const report = (await post(venues).expect(201)).body;
    // Salle Pleyel exists since the events file above: it is updated, not duplicated.
    expect(report.items.map((i: Json) => [i.action, i.line, i.title])).toEqual([
      ['updated', 2, 'Salle Pleyel'],
      ['created', 3, 'Riverside Hall'],
      ['failed', 4, null],
    ]);
    expect(report.items[2].reason).toBe('Venue Name is empty.');
    const pleyel = (
      await t.http
        .get(`${ECA.replace('eca/v1', 'tribe/events/v1')}/venues/${report.items[0].event_id}`)
        .set('Authorization', ADMIN)
        .expect(200)
    ).body;
    expect(pleyel).toMatchObject({
      venue: 'Salle Pleyel',
      address: '252 Rue du Faubourg Saint-Honoré, Hall B',
      city: 'Paris',
      zip: '75008',
      country: 'France',
    });
    const named = await t.db.sql.rows(`SELECT ID FROM ${t.db.sql.table('posts')} WHERE post_type = 'tribe_venue' AND post_title = 'Salle Pleyel'`);
    expect(named).toHaveLength(1);

    const organizers =
      'Organizer Name,Organizer Email,Organizer Website,Organizer Phone\nEnsemble Nord,contact@nord.example,https://nord.example,+33 1 00 00 00 00\n';
    const people = (await post(organizers).expect(201)).body;
    expect(people.items.map((i: Json) => [i.action, i.title])).toEqual([['updated', 'Ensemble Nord']]);
    const nord = (
      await t.http
        .get(`${ECA.replace('eca/v1', 'tribe/events/v1')}/organizers/${people.items[0].event_id}`)
        .set('Authorization', ADMIN)
        .expect(200)
    ).body;
    expect(nord).toMatchObject({ organizer: 'Ensemble Nord', email: 'contact@nord.example', website: 'https://nord.example' });
  });

  it('refuses a file without the required columns, or that is not CSV, with its line', async () => {
    const noStart = await post('Event Name,Where\nParty,Home\n').expect(400);
    expect(noStart.body).toMatchObject({
      code: 'eca_import_malformed',
      message: 'The file is not a CSV file of events, venues or organizers. Line 1: the header names no "Event Start Date" column (map one with "mapping").',
      data: { status: 400, line: 1 },
    });
    const unclosed = await post('Event Name,Event Start Date\nParty,2027-01-01\n"Open,2027-01-02\n').expect(400);
    expect(unclosed.body.code).toBe('eca_import_malformed');
    expect(unclosed.body.data.line).toBeGreaterThanOrEqual(3);
  });
});
