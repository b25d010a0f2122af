import { Avatar } from '@/components/ui/avatar';
import type { Person } from '../api/types';

/** A person's photo, or their initials: decorative, their name is always written beside it. */
export function PersonAvatar({ person, size = 'sm' }: { person: Person; size?: 'sm' | 'lg' }) {
  return <Avatar user={{ name: person.name, lastName: null, profilePictureUrl: person.photoUrl }} size={size} />;
}
