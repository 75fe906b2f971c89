/** The dashboards' line icons; each is decorative, its button carries the name. */
function Icon({ d }: { d: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const TrashIcon = () => <Icon d="M4 7h16M9 7V4.5h6V7m-8.5 0 1 12.5h9l1-12.5M10 11v5.5M14 11v5.5" />;
export const PencilIcon = () => <Icon d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />;
export const DiskIcon = () => <Icon d="M5 4h11l3 3v13H5V4zm3 0v5h7V4M8 20v-6h8v6" />;
export const ChatIcon = () => <Icon d="M4 5h16v11H9l-5 4V5zm4 5h8M8 13h5" />;
