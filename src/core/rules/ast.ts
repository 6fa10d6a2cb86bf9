// FlowRule syntax tree.
export type RuleAction = 'allow' | 'deny' | 'ask' | 'approve';
export type Comparator = '==' | '!=' | '>=' | '<=' | '>' | '<';

export interface Pos {
  line: number;
  col: number;
}

export type Value = string | number | boolean;

export type Expr =
  | { type: 'const'; value: boolean; pos: Pos }
  | { type: 'and' | 'or'; left: Expr; right: Expr; pos: Pos }
  | { type: 'not'; expr: Expr; pos: Pos }
  | { type: 'is'; field: string; value: Value; negate: boolean; pos: Pos }
  | { type: 'in'; field: string; values: Value[]; negate: boolean; pos: Pos }
  | { type: 'matches'; field: string; pattern: string; pos: Pos }
  | { type: 'contains'; field: string; text: string; pos: Pos }
  | { type: 'compare'; field: string; op: Comparator; value: number; pos: Pos }
  | { type: 'carries'; what: 'payload' | 'target'; labels: string[]; pos: Pos }
  | { type: 'scope'; scope: string; pos: Pos }
  | { type: 'count'; expr: Expr; windowMs: number; op: Comparator; value: number; pos: Pos };

export interface RuleOutcome {
  action: RuleAction;
  reason: string;
  pos: Pos;
}

export interface RuleNode {
  id: string;
  priority: number;
  tier: 'T2' | 'T3' | 'T4';
  when: Expr;
  then: RuleOutcome;
  else?: RuleOutcome;
  file: string;
  pos: Pos;
}
