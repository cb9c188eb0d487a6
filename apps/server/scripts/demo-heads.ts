import { randomUUID } from 'node:crypto';

import { paise, type HeadType, type Paise } from '@parish/shared';

import { parishTime, type ParishCalendar } from './demo-time.ts';

/** A demo payment head with how widely it is assigned and how many pay it. Amounts in paise. */
export interface DemoHead {
  id: string;
  key: 'churchTax2025' | 'cemetery2025' | 'churchTax2026' | 'building2026' | 'feast2026' | 'carol2026';
  name: string;
  description: string;
  /** Base amount in paise. */
  amountPaise: Paise;
  type: HeadType;
  year: number;
  /**
   * `YYYY-MM-DD`; null for arrears (`docs/domain.md`, §3 "Payment heads": only current dues and
   * miscellaneous have one).
   */
  dueDate: string | null;
  variableAmount: boolean;
  createdAt: Date;
  /** Share of members the head is assigned to (0 to 1). */
  assignRate: number;
  /** Share of assigned members who have paid, before each member's own diligence (0 to 1). */
  payRate: number;
}

/**
 * The six demo heads: arrears (last year's dues), current dues (this financial year, due on
 * 31 March 2027) and miscellaneous, over 2025 and 2026. Creation times are parish wall-clock times,
 * never later than now.
 */
export function demoHeads(calendar: ParishCalendar): DemoHead[] {
  return HEADS.map(({ rupees, createdAt, variableAmount, ...head }) => ({
    ...head,
    id: randomUUID(),
    amountPaise: paise(rupees * 100),
    variableAmount: variableAmount ?? false,
    createdAt: parishTime(calendar, createdAt),
  }));
}

type HeadSpec = Omit<DemoHead, 'id' | 'amountPaise' | 'createdAt' | 'variableAmount'> & {
  rupees: number;
  /** Parish wall-clock time `YYYY-MM-DDTHH:MM`. */
  createdAt: string;
  variableAmount?: boolean;
};

const HEADS: readonly HeadSpec[] = [
  {
    key: 'churchTax2025',
    name: 'Church Tax 2025',
    description: 'Annual church tax (varisankhya) for 2025, per family',
    rupees: 1200,
    type: 'arrear',
    year: 2025,
    dueDate: null,
    createdAt: '2025-01-06T10:00',
    assignRate: 1,
    payRate: 0.82,
  },
  {
    key: 'cemetery2025',
    name: 'Cemetery Fund 2025',
    description: 'Upkeep of the parish cemetery and the new kallara row',
    rupees: 500,
    type: 'arrear',
    year: 2025,
    dueDate: null,
    createdAt: '2025-01-06T10:05',
    assignRate: 0.9,
    payRate: 0.75,
  },
  {
    key: 'churchTax2026',
    name: 'Church Tax 2026',
    description: 'Annual church tax (varisankhya) for 2026, per family',
    rupees: 1500,
    type: 'current due',
    year: 2026,
    dueDate: '2027-03-31',
    createdAt: '2026-01-05T10:00',
    assignRate: 1,
    payRate: 0.55,
  },
  {
    key: 'building2026',
    name: 'Building Fund 2026',
    description: 'Towards the new parish hall; more than the suggested amount is welcome',
    rupees: 2000,
    type: 'current due',
    year: 2026,
    dueDate: '2027-03-31',
    variableAmount: true,
    createdAt: '2026-01-05T10:10',
    assignRate: 0.92,
    payRate: 0.4,
  },
  {
    key: 'feast2026',
    name: 'Feast Offering 2026',
    description: 'Ettunombu feast offering (1 to 8 September)',
    rupees: 250,
    type: 'miscellaneous',
    year: 2026,
    dueDate: '2026-09-08',
    createdAt: '2026-07-20T11:00',
    assignRate: 0.85,
    payRate: 0.65,
  },
  {
    key: 'carol2026',
    name: 'Christmas Carol 2026',
    description: 'Christmas carol round and celebrations',
    rupees: 100,
    type: 'miscellaneous',
    year: 2026,
    dueDate: '2026-12-25',
    createdAt: '2026-11-01T11:00',
    assignRate: 0.75,
    payRate: 0.3,
  },
];
