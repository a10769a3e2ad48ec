import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DOCUMENTS, type DocumentName } from '../lib/documents';

/** Privacy, terms or about, opened from the footer (docs/PRODUCT-RULES.md R94, R112). */
export const DocumentDialog = ({ name, onClose }: { name: DocumentName; onClose: () => void }) => {
  const document = DOCUMENTS[name];
  return (
    <Dialog open onClose={onClose} scroll="paper" aria-labelledby="document-title" fullWidth>
      <DialogTitle id="document-title">{document.title}</DialogTitle>
      <DialogContent dividers>
        {document.paragraphs.map((paragraph) => (
          <Typography key={paragraph} paragraph>
            {paragraph}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
};
