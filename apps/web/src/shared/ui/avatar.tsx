/** Spec §3: gender 0 shows the female avatar, anything else the male one. */
export function UserAvatar({ gender, size = 32 }: { gender: 0 | 1 | null | undefined; size?: number }) {
  const isFemale = gender === 0;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-avatar={isFemale ? 'female' : 'male'}
    >
      <circle cx="20" cy="20" r="20" fill={isFemale ? '#ffe3ec' : '#e3ecff'} />
      {isFemale ? <path d="M9 21c0-9 5-14 11-14s11 5 11 14c0 4-1 7-2 9H11c-1-2-2-5-2-9z" fill="#5b3a2e" /> : null}
      <circle cx="20" cy="17" r="7" fill="#f6d2b8" />
      {isFemale ? null : <path d="M13 15c0-5 3-8 7-8s7 3 7 8c-2-2-4-3-7-3s-5 1-7 3z" fill="#2b2b3a" />}
      <path d="M7 36c2-7 7-10 13-10s11 3 13 10a20 20 0 0 1-26 0z" fill={isFemale ? '#e2557a' : '#1b5fd9'} />
    </svg>
  );
}
