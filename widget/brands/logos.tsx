// Original brand marks, drawn for this project (no third-party logos). Presentation attributes
// only: a style="" attribute would break a strict Content-Security-Policy.
import type { ReactNode } from 'react';

interface LogoProps {
  className?: string;
}

function Frame(props: LogoProps & { label: string; children: ReactNode }) {
  return (
    <svg className={props.className} viewBox="0 0 64 64" width="48" height="48" role="img" aria-label={props.label} focusable="false">
      {props.children}
    </svg>
  );
}

export function DefaultLogo(props: LogoProps) {
  return (
    <Frame {...props} label="统一登录平台标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#1f5eff" />
      <circle cx="32" cy="26" r="9" fill="none" stroke="#ffffff" strokeWidth="4" />
      <path d="M18 48c2-8 8-12 14-12s12 4 14 12" fill="none" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" />
    </Frame>
  );
}

export function KeyAccountLogo(props: LogoProps) {
  return (
    <Frame {...props} label="大客户营销标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#7a2fd1" />
      <path d="M32 12l6 13 14 2-10 10 2 14-12-7-12 7 2-14-10-10 14-2z" fill="#ffd54a" />
    </Frame>
  );
}

export function OperationLogo(props: LogoProps) {
  return (
    <Frame {...props} label="运营管理标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#0f766e" />
      <rect x="14" y="34" width="8" height="16" rx="2" fill="#ffffff" />
      <rect x="28" y="24" width="8" height="26" rx="2" fill="#ffffff" />
      <rect x="42" y="14" width="8" height="36" rx="2" fill="#a7f3d0" />
    </Frame>
  );
}

export function YingfengLogo(props: LogoProps) {
  return (
    <Frame {...props} label="盈峰标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#b91c1c" />
      <path d="M10 48l14-22 9 12 8-14 13 24z" fill="#ffffff" />
      <circle cx="46" cy="18" r="5" fill="#fde68a" />
    </Frame>
  );
}

export function IcarLogo(props: LogoProps) {
  return (
    <Frame {...props} label="iCAR 标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#111827" />
      <path d="M12 38l6-12h28l6 12v6H12z" fill="#38bdf8" />
      <circle cx="21" cy="44" r="5" fill="#ffffff" />
      <circle cx="43" cy="44" r="5" fill="#ffffff" />
    </Frame>
  );
}

export function ExeedLogo(props: LogoProps) {
  return (
    <Frame {...props} label="星途标志">
      <rect x="4" y="4" width="56" height="56" rx="14" fill="#1e293b" />
      <path d="M32 10l5 15h16l-13 9 5 16-13-10-13 10 5-16-13-9h16z" fill="none" stroke="#e2c07a" strokeWidth="3" strokeLinejoin="round" />
    </Frame>
  );
}
