/** A contract screen opened without the contract in the session could not look it up (useContractProduct). */
export const CONTRACT_LOOKUP_FAILED = 'No se han podido cargar los datos del contrato.';

// The supply selector of the contract screens (DECISIONS "The selected supply").
export const SUPPLY_LABEL = 'Suministro';
export const SUPPLY_LIVE = 'Alta';
export const SUPPLY_ENDED = 'Baja';
export const SUPPLY_LINE = { Electricidad: 'Electricidad', Gas: 'Gas' } as const;
export const SUPPLY_HINT = 'Al elegir otro suministro, esta pantalla pasa a mostrar el elegido.';
