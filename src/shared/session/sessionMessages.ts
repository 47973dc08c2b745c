/** A contract screen opened without the contract in the session could not look it up (useContractProduct). */
export const CONTRACT_LOOKUP_FAILED = 'No se han podido cargar los datos del contrato.';

// The supply selector of the contract screens (DECISIONS "The selected supply").
export const SUPPLY_LABEL = 'Suministro';
export const SUPPLY_LIVE = 'Alta';
export const SUPPLY_ENDED = 'Baja';
export const SUPPLY_LINE = { Electricidad: 'Electricidad', Gas: 'Gas' } as const;
export const SUPPLY_HINT = 'Elija otro suministro y pulse Ver para que esta pantalla pase a mostrarlo.';
export const SUPPLY_SHOW = 'Ver';
