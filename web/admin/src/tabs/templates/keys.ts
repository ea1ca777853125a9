export const TEMPLATES_KEY = ['/api/admin/contract-templates'];
