import { addressRange, resolveTarget, TargetRefused, urlProblem } from '../../../src/changes/delivery/target-guard';

describe('webhook target guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['93.184.216.34', 'unicast'],
    ['2606:4700:4700::1111', 'unicast'],
  ])('classifies %s as %s', (address, range) => {
    expect(addressRange(address)).toBe(range);
  });

  it('accepts only public https URLs unless private targets are allowed', () => {
    expect(urlProblem('https://hooks.example.org/x', false)).toBeUndefined();
    expect(urlProblem('http://hooks.example.org/x', false)).toMatch(/https/);
    expect(urlProblem('http://hooks.example.org/x', true)).toBeUndefined();
    expect(urlProblem('https://10.0.0.1/', false)).toMatch(/non-public/);
    expect(urlProblem('https://10.0.0.1/', true)).toBeUndefined();
    expect(urlProblem('https://[::ffff:a9fe:a9fe]/', false)).toMatch(/non-public/); // 169.254.169.254
    expect(urlProblem('https://u:p@hooks.example.org/', true)).toMatch(/credentials/);
    expect(urlProblem('file:///etc/passwd', true)).toMatch(/http/);
    expect(urlProblem('nope', true)).toMatch(/valid/);
  });

  it('refuses a name that resolves to a non-public address, and answers literal addresses without DNS', async () => {
    await expect(resolveTarget('localhost', false)).rejects.toBeInstanceOf(TargetRefused);
    await expect(resolveTarget('[::1]', false)).rejects.toThrow(/loopback/);
    await expect(resolveTarget('localhost', true)).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    await expect(resolveTarget('93.184.216.34', false)).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(resolveTarget('no-such-host.invalid', false)).rejects.toThrow(/could not be resolved/);
  });
});
