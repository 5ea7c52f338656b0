import PlayCircleFilledIcon from '@mui/icons-material/PlayCircleFilled';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { GET_STARTED_VIDEO_LENGTH } from '../../lib/web-constants';

export function VideoPlaceholder() {
  return (
    <Box
      role="img"
      aria-label={`Getting started video, ${GET_STARTED_VIDEO_LENGTH}`}
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        borderRadius: 3,
        background: 'linear-gradient(135deg, #1f4266 0%, #2f5d8a 55%, #3d8b7d 100%)',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
      }}
    >
      <PlayCircleFilledIcon sx={{ fontSize: 72, opacity: 0.9 }} />
      <Typography sx={{ fontWeight: 600 }}>Stepwise in a few minutes</Typography>
      <Typography variant="body2" sx={{ opacity: 0.8 }}>
        Video coming soon
      </Typography>
      <Box sx={{ position: 'absolute', right: 12, bottom: 12, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
        {GET_STARTED_VIDEO_LENGTH}
      </Box>
    </Box>
  );
}
