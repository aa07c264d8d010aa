import type { ApproverRole, ExpenseWaitingFor } from '@tribes/shared';

/** The tribe's active leaders and moderators when the rule is asked (roles change: it is asked each time). */
export interface Deciders {
  leaders: readonly string[];
  moderators: readonly string[];
}

/** What the rule needs of an expense: its proposer, its status, how many approvals, and who decided. */
export interface ExpenseForRule {
  proposerId: string | null;
  status: string;
  requiredApprovals: number;
  decisions: readonly { deciderId: string; decision: string }[];
}

export interface ApprovalState {
  /** What the missing approvals wait for (null once the expense is decided). */
  waitingFor: ExpenseWaitingFor | null;
  /** In which capacity this person may approve now, or null when they may not. */
  approveAs(userId: string): ApproverRole | null;
  /** Whether this person may reject now (the proposer never does: they would withdraw, not decide). */
  mayReject(userId: string): boolean;
}

/**
 * Who may approve an expense (decision 023). DESIGN 10.4 asks for `required_approvals` (min(2, leaders))
 * approvals by leaders other than the proposer. When the other leaders who have not decided yet are too
 * few for the approvals still missing (a sole leader's own expense; a leader's in a tribe of two leaders),
 * the tribe's moderators (not the proposer) give the missing ones, one each, and may reject as a leader
 * would. When even they are too few, the proposer, if an active leader, may approve it themselves (with a
 * fresh two-factor code, recorded publicly as such); otherwise nobody can until a leader appoints a
 * moderator or another leader.
 */
export function approvalState(e: ExpenseForRule, who: Deciders): ApprovalState {
  const decided = new Set(e.decisions.map((d) => d.deciderId));
  const approvals = e.decisions.filter((d) => d.decision === 'approve').length;
  const missing = Math.max(0, e.requiredApprovals - approvals);
  const open = e.status === 'proposed' && missing > 0;
  const undecided = (ids: readonly string[]) => ids.filter((id) => id !== e.proposerId && !decided.has(id));
  const leaders = undecided(who.leaders);
  const moderators = undecided(who.moderators);
  const proposerLeads = e.proposerId !== null && who.leaders.includes(e.proposerId) && !decided.has(e.proposerId);

  let waitingFor: ExpenseWaitingFor | null = null;
  if (open) {
    if (leaders.length >= missing) waitingFor = 'leaders';
    else if (leaders.length + moderators.length >= missing) waitingFor = 'moderator';
    else if (proposerLeads && leaders.length + moderators.length + 1 >= missing) waitingFor = 'self';
    else waitingFor = 'appointment';
  }

  const approveAs = (userId: string): ApproverRole | null => {
    if (!open || decided.has(userId)) return null;
    if (userId !== e.proposerId && who.leaders.includes(userId)) return 'leader';
    // A moderator stands in only for leaders who are missing: never in place of one who can still decide.
    if (userId !== e.proposerId && who.moderators.includes(userId) && leaders.length < missing) return 'moderator';
    if (userId === e.proposerId && waitingFor === 'self') return 'proposer';
    return null;
  };

  return {
    waitingFor,
    approveAs,
    mayReject: (userId) => {
      const as = approveAs(userId);
      return as === 'leader' || as === 'moderator';
    },
  };
}
