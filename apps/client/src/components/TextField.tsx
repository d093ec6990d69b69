import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  onValueChange: (value: string) => void;
  /** Shown under the input, e.g. a hint the input is described by. */
  children?: ReactNode;
}

/** A labelled text input in the forms' `rw-field` layout. */
export default function TextField({
  id,
  label,
  onValueChange,
  children,
  ...input
}: TextFieldProps) {
  return (
    <div className="rw-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} onChange={(event) => onValueChange(event.target.value)} />
      {children}
    </div>
  );
}
