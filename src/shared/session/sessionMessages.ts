/** A contract screen opened without the contract in the session could not look it up (useContractProduct). */
export const CONTRACT_LOOKUP_FAILED = 'No se han podido cargar los datos del contrato.';
