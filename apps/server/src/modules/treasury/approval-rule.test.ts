import { describe, expect, it } from 'vitest';
import { approvalState, type ExpenseForRule } from './approval-rule.js';

const expense = (over: Partial<ExpenseForRule> = {}): ExpenseForRule => ({
  proposerId: 'lea',
  status: 'proposed',
  requiredApprovals: 1,
  decisions: [],
  ...over,
});

describe('who may approve an expense (decision 023)', () => {
  it("keeps a member's expense the leaders' to decide: a moderator may not step in while a leader can", () => {
    const s = approvalState(expense({ proposerId: 'mem' }), { leaders: ['lea'], moderators: ['mod'] });
    expect(s.waitingFor).toBe('leaders');
    expect(s.approveAs('lea')).toBe('leader');
    expect(s.approveAs('mod')).toBeNull();
    expect(s.approveAs('mem')).toBeNull();
    expect(s.mayReject('mod')).toBe(false);
  });

  it("lets a moderator approve or reject a sole leader's own expense, and the leader not", () => {
    const s = approvalState(expense(), { leaders: ['lea'], moderators: ['mod'] });
    expect(s.waitingFor).toBe('moderator');
    expect(s.approveAs('mod')).toBe('moderator');
    expect(s.mayReject('mod')).toBe(true);
    expect(s.approveAs('lea')).toBeNull();
    expect(s.mayReject('lea')).toBe(false);
    // Someone with no role in the tribe is nobody here.
    expect(s.approveAs('out')).toBeNull();
  });

  it('lets the sole leader approve their own only when the tribe has no moderator, and never reject it', () => {
    const s = approvalState(expense(), { leaders: ['lea'], moderators: [] });
    expect(s.waitingFor).toBe('self');
    expect(s.approveAs('lea')).toBe('proposer');
    expect(s.mayReject('lea')).toBe(false);
  });

  it("fills a two-leader tribe's second approval of a leader's expense with one moderator, not two", () => {
    const who = { leaders: ['lea', 'ben'], moderators: ['mod', 'mo2'] };
    const start = approvalState(expense({ requiredApprovals: 2 }), who);
    expect(start.waitingFor).toBe('moderator');
    expect(start.approveAs('ben')).toBe('leader');
    expect(start.approveAs('mod')).toBe('moderator');
    // One moderator approved: the other leader can give the last approval, so no second moderator may.
    const after = approvalState(expense({ requiredApprovals: 2, decisions: [{ deciderId: 'mod', decision: 'approve' }] }), who);
    expect(after.waitingFor).toBe('leaders');
    expect(after.approveAs('mo2')).toBeNull();
    expect(after.approveAs('mod')).toBeNull();
    expect(after.approveAs('ben')).toBe('leader');
  });

  it('lets the proposing leader give one missing approval themselves when nobody else is left, never two', () => {
    const two = approvalState(expense({ requiredApprovals: 2 }), { leaders: ['lea', 'ben'], moderators: [] });
    expect(two.waitingFor).toBe('self');
    expect(two.approveAs('lea')).toBe('proposer');
    expect(two.approveAs('ben')).toBe('leader');
    // Two approvals were asked when the tribe had two leaders; one left: the proposer alone cannot fill both.
    const alone = approvalState(expense({ requiredApprovals: 2 }), { leaders: ['lea'], moderators: [] });
    expect(alone.waitingFor).toBe('appointment');
    expect(alone.approveAs('lea')).toBeNull();
  });

  it("waits for an appointment when a member's expense has no leader left to approve it", () => {
    const s = approvalState(expense({ proposerId: 'mem' }), { leaders: [], moderators: [] });
    expect(s.waitingFor).toBe('appointment');
    expect(s.approveAs('mem')).toBeNull();
  });

  it('offers nothing once the expense is decided, nor to whoever already decided', () => {
    const who = { leaders: ['lea', 'ben'], moderators: ['mod'] };
    const approved = approvalState(expense({ proposerId: 'mem', status: 'approved' }), who);
    expect(approved.waitingFor).toBeNull();
    expect(approved.approveAs('lea')).toBeNull();
    const once = approvalState(
      expense({ proposerId: 'mem', requiredApprovals: 2, decisions: [{ deciderId: 'lea', decision: 'approve' }] }),
      who,
    );
    expect(once.approveAs('lea')).toBeNull();
    expect(once.approveAs('ben')).toBe('leader');
  });
});
