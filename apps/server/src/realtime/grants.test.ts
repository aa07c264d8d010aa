import { describe, expect, it } from 'vitest';
import { grantData, grantOf, Revocations } from './grants.js';

const tribe = '0f8fad5b-d9cb-469f-a165-70867728950e';
const token = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('subscription grants', () => {
  it('reads the user, session, time and tribe back from the signed channel_data and the channel name', () => {
    const data = JSON.parse(grantData({ user_id: 'u1', user_info: { name: 'Ada' } }, token, 1234)) as unknown;
    expect(data).toEqual({ user_id: 'u1', user_info: { name: 'Ada' }, session_id: token, issued_at: 1234 });
    expect(grantOf(`presence-tribe.${tribe}`, data)).toEqual({ userId: 'u1', tokenId: token, tribeId: tribe, issuedAt: 1234 });
    expect(grantOf('private-App.Models.User.u1', data)).toEqual({ userId: 'u1', tokenId: token, issuedAt: 1234 });
    expect(grantOf(`private-tribe.${tribe}`, undefined)).toEqual({ tribeId: tribe, issuedAt: 0 });
  });
});

describe('revocations', () => {
  const grant = { userId: 'u1', tokenId: token, tribeId: tribe, issuedAt: 1000 };

  it('refuses every grant of a revoked session, whenever it was signed', () => {
    const r = new Revocations();
    expect(r.judge(grant)).toBeUndefined();
    r.tokensRevoked([token], 500);
    expect(r.judge(grant)).toBe('session');
  });

  it('refuses the tribe grants of an ended membership signed before the end, not those signed after', () => {
    const r = new Revocations();
    r.membershipEnded(tribe, 'u1', 1000);
    expect(r.judge(grant)).toBe('membership');
    expect(r.judge({ ...grant, issuedAt: 1001 })).toBeUndefined();
    expect(r.judge({ ...grant, userId: 'u2' })).toBeUndefined();
    expect(r.judge({ ...grant, tribeId: undefined })).toBeUndefined();
  });

  it('asks for a database check of grants signed before their user changed', () => {
    const r = new Revocations();
    r.usersChanged(['u1'], 1000);
    expect(r.judge(grant)).toBe('check');
    expect(r.judge({ ...grant, issuedAt: 1001 })).toBeUndefined();
  });

  it('forgets what is older than every socket of the node, with a margin for clocks', () => {
    const r = new Revocations();
    r.tokensRevoked([token], 1000);
    r.membershipEnded(tribe, 'u1', 1000);
    r.usersChanged(['u1'], 1000);
    r.prune(1000 + 60_000);
    expect(r.size).toBe(3);
    r.prune(1001 + 60_000);
    expect(r.size).toBe(0);
  });
});
