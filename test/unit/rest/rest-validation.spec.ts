import { ArgumentMetadata } from '@nestjs/common';
import { because, positiveInteger } from '../../../src/rest/params/arg-checks';
import { RestArg } from '../../../src/rest/params/rest-arg.decorator';
import { RestValidationPipe } from '../../../src/rest/params/rest-validation.pipe';
import { RestError } from '../../../src/reasons/rest-error';

// Issue #25 item 8: every @RestArg check runs once per value, and its reason reaches `data.params`
// (and `details`) as structured data, whatever the client's value holds.

let lengthChecks = 0;
const shortText = because((value: string) => (lengthChecks++, value.length <= 5), 'must be at most 5 characters');

class ProbeArgs {
  @RestArg({ type: 'integer', description: 'Page', default: 1, validate: positiveInteger, callbackValidated: true })
  page: number;

  @RestArg({ type: 'string', description: 'Short text', validate: shortText })
  text: string;

  @RestArg({ type: 'boolean', description: 'A flag' })
  flag: boolean;

  @RestArg({ type: 'string', description: 'A colour', enum: ['red', 'blue'] })
  colour: string;

  @RestArg({ type: 'integer', description: 'Required', required: true })
  needed: number;
}

const pipe = new RestValidationPipe();
const metadata: ArgumentMetadata = { type: 'custom', metatype: ProbeArgs };

/** The error the pipe throws for `input`, as the client reads its `data`. */
async function refusal(input: Record<string, unknown>): Promise<{ code: string; data: Record<string, unknown> }> {
  const error = await pipe.transform({ needed: 1, ...input }, metadata).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof RestError)) throw new Error(`expected a RestError, got ${String(error)}`);
  const body = error.toBody() as { code: string; data: Record<string, unknown> };
  return { code: body.code, data: body.data };
}

describe('the @RestArg validation pipe', () => {
  it('coerces, applies defaults and accepts valid values', async () => {
    expect(await pipe.transform({ needed: '3', flag: 'true', text: 'abc' }, metadata)).toEqual({ needed: 3, flag: true, text: 'abc', page: 1 });
  });

  it('reports a missing required argument before any invalid one', async () => {
    const error = await pipe.transform({ page: 'x' }, metadata).catch((e: RestError) => e.toBody());
    expect(error).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['needed'] } });
  });

  it('gives every invalid argument its reason; schema failures get a details entry, callback-validated ones none', async () => {
    const { code, data } = await refusal({ page: 'abc', text: 'too long', flag: 'maybe', colour: 'green' });
    expect(code).toBe('rest_invalid_param');
    expect(data.params).toEqual({
      page: 'page is not of type integer.',
      text: 'text must be at most 5 characters: "too long".',
      flag: 'flag is not of type boolean.',
      colour: 'colour is not one of red, blue.',
    });
    expect(data.details).toEqual({ flag: { code: 'rest_invalid_type', message: 'flag is not of type boolean.', data: { param: 'flag' } } });
  });

  it('runs each check once per failing value', async () => {
    lengthChecks = 0;
    await refusal({ text: 'much too long' });
    expect(lengthChecks).toBe(1);
  });

  it("quotes the client's value as sent, even when it looks like a message placeholder", async () => {
    const { data } = await refusal({ text: '{name} $property $value $constraint1' });
    expect(data.params).toEqual({ text: 'text must be at most 5 characters: "{name} $property $value $constraint1".' });
  });

  it('keeps the reasons of validations running at the same time apart', async () => {
    const results = await Promise.all(['first value', 'second value', 'third value'].map((text) => refusal({ text })));
    expect(results.map((r) => (r.data.params as Record<string, string>).text)).toEqual([
      'text must be at most 5 characters: "first value".',
      'text must be at most 5 characters: "second value".',
      'text must be at most 5 characters: "third value".',
    ]);
  });
});
