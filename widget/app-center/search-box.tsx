// Filters the cards as the user types; Enter opens the only match; Escape clears.
import { useId, type KeyboardEvent } from 'react';
import { SearchIcon } from './icons.tsx';
import { appCenterMessages as m } from './app-center.messages.ts';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter pressed: the caller opens the single match, if there is exactly one. */
  onSubmit: () => void;
  disabled: boolean;
}

export function SearchBox({ value, onChange, onSubmit, disabled }: SearchBoxProps) {
  const inputId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      onChange('');
    }
  };
  return (
    <div className="search" part="search" role="search">
      <label className="sso-visually-hidden" htmlFor={inputId}>{m.searchLabel}</label>
      <SearchIcon />
      <input
        id={inputId}
        className="search-input"
        part="search-input"
        type="search"
        autoComplete="off"
        enterKeyHint="go"
        placeholder={m.searchPlaceholder}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
