// Copyright line, filing-record link and the dealer help line (daily 8:00 to 18:30, dealers only).
import { COPYRIGHT, DEALER_HELP_LINE, FILING_RECORD, FILING_RECORD_URL } from '../sso-login.messages.ts';

export function LoginFooter() {
  return (
    <footer className="sso-footer" part="footer">
      <p className="sso-footer__help">{DEALER_HELP_LINE}</p>
      <p className="sso-footer__legal">
        <span>{COPYRIGHT}</span>{' '}
        <a href={FILING_RECORD_URL} target="_blank" rel="noopener noreferrer">
          {FILING_RECORD}
        </a>
      </p>
    </footer>
  );
}
