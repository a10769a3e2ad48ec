/**
 * Footer links to the document dialogs (docs/PRODUCT-RULES.md R94); the texts live in documents.ts
 * (lazy).
 */
export type DocumentName = 'privacy' | 'terms' | 'about';

export const DOCUMENT_LINKS: readonly { name: DocumentName; label: string }[] = [
  { name: 'privacy', label: 'Privacy Policy' },
  { name: 'terms', label: 'Terms and Conditions' },
  { name: 'about', label: 'About Us' },
];
