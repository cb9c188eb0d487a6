-- Hand-written (issue 30 item 6, decision 0145; docs/domain.md, §6 "Who may do what"). The
-- accountant: a staff account that reads the books (reports, the accounts' exports) and changes
-- nothing. The role joins staff_role; an accountant has no ward, which the ward leader's check
-- (role = 'ward_leader') = (ward_id is not null) already requires.
ALTER TYPE "staff_role" ADD VALUE IF NOT EXISTS 'accountant';
