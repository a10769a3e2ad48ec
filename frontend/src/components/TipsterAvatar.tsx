import Avatar from '@mui/material/Avatar';

/** A tipster's profile image, lazy and sized (mobile data), or the initial. */
export const TipsterAvatar = ({
  username,
  src,
  size = 40,
}: {
  username: string;
  src?: string | null;
  size?: number;
}) => (
  <Avatar
    src={src ?? undefined}
    alt={username}
    sx={{ width: size, height: size, bgcolor: 'primary.dark', fontSize: size / 2.2 }}
    slotProps={{ img: { loading: 'lazy', decoding: 'async', width: size, height: size } }}
  >
    {username.charAt(0).toUpperCase()}
  </Avatar>
);
