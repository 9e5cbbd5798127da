// 审计: the sign-in audit (filters, pages, CSV export) and the administrators' actions (read-only).
import { SignInAudit } from './sign-in-audit.tsx';
import { AdminActionAudit } from './admin-action-audit.tsx';
import { AuditText } from './audit.messages.ts';

export function AuditSection() {
  return (
    <>
      <h2 id="heading-audit" tabIndex={-1}>{AuditText.heading}</h2>
      <SignInAudit />
      <AdminActionAudit />
    </>
  );
}
