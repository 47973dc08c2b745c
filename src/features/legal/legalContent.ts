import type { RouteId } from '@/shared/config/routes';
import { COOKIE_POLICY_TITLE, LEGAL_NOTICE_TITLE, PRIVACY_POLICY_TITLE } from './legalMessages';

/**
 * The three legal documents of the demo retailer (spec 02 §2.9), written as the company's own texts: the
 * LSSI-CE legal notice, the GDPR/LOPDGDD privacy policy and the cookie policy. Company name, address, phone and
 * e-mail come from the runtime configuration, so a deployment shows its own; the registration data below are
 * the demo company's (config.json does not carry them).
 */
export interface LegalCompany {
  name: string;
  postalAddress: string;
  phone: string;
  email: string;
}

export const DEMO_REGISTRATION = {
  cif: 'B86560930',
  registry: 'Registro Mercantil de Madrid, tomo 38.412, folio 120, sección 8ª, hoja M-683210, inscripción 1ª',
  dpoEmail: 'dpd@energiademo.example',
  website: 'oficinavirtual.energiademo.example',
} as const;

export type LegalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; caption: string; head: string[]; rows: string[][] }
  | { kind: 'links'; links: { route: RouteId; label: string }[] };

export interface LegalSection {
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  sections: LegalSection[];
}

const p = (text: string): LegalBlock => ({ kind: 'paragraph', text });
const list = (...items: string[]): LegalBlock => ({ kind: 'list', items });

export function legalNotice(company: LegalCompany): LegalDocument {
  const { cif, registry, website, dpoEmail } = DEMO_REGISTRATION;
  return {
    title: LEGAL_NOTICE_TITLE,
    sections: [
      {
        id: 'titular',
        heading: '1. Datos identificativos del titular',
        blocks: [
          p(
            'En cumplimiento del artículo 10 de la Ley 34/2002, de 11 de julio, de servicios de la sociedad de la ' +
              'información y de comercio electrónico (LSSI-CE), se informa de los datos del titular de este sitio web ' +
              `y de la Oficina Virtual (${website}):`,
          ),
          list(
            `Denominación social: ${company.name}`,
            `CIF: ${cif}`,
            `Domicilio social: ${company.postalAddress}`,
            `Datos registrales: ${registry}`,
            `Correo electrónico: ${company.email}`,
            `Teléfono de atención al cliente: ${company.phone}`,
            'Actividad: comercialización de energía eléctrica y de gas natural, inscrita en el listado de ' +
              'comercializadoras publicado por la Comisión Nacional de los Mercados y la Competencia (CNMC).',
          ),
        ],
      },
      {
        id: 'objeto',
        heading: '2. Objeto y ámbito de aplicación',
        blocks: [
          p(
            'Este aviso legal regula el acceso y el uso de la Oficina Virtual, el área privada en la que los ' +
              'clientes y los administradores de fincas pueden consultar sus contratos, facturas, mediciones de ' +
              'telemedida y curvas de carga, obtener certificados de consumo, comunicar lecturas y presentar ' +
              'solicitudes. El acceso implica la aceptación de este aviso legal, de la política de privacidad y de ' +
              'la política de cookies vigentes en cada momento.',
          ),
          p(
            'Las condiciones del suministro de energía se rigen por el contrato firmado con cada cliente y por la ' +
              'normativa del sector eléctrico y de hidrocarburos; este aviso no las modifica.',
          ),
        ],
      },
      {
        id: 'uso',
        heading: '3. Condiciones de acceso y uso',
        blocks: [
          p(
            'Las páginas públicas son de acceso libre y gratuito. El área privada requiere un usuario y una ' +
              'contraseña, que son personales e intransferibles: el usuario debe custodiarlos, no comunicarlos a ' +
              'terceros y avisar de inmediato si sospecha de un uso no autorizado.',
          ),
          p('El usuario se compromete a hacer un uso lícito de la Oficina Virtual y, en particular, a no:'),
          list(
            'acceder o intentar acceder a datos de otros clientes o a áreas restringidas;',
            'introducir programas, virus o cualquier código que pueda dañar los sistemas de la empresa o de terceros;',
            'realizar un número de peticiones automatizadas que perjudique el servicio a otros usuarios;',
            'facilitar datos falsos o suplantar la identidad de otra persona.',
          ),
          p(
            `${company.name} podrá suspender el acceso de quien incumpla estas condiciones, sin perjuicio de las ` +
              'acciones legales que procedan.',
          ),
        ],
      },
      {
        id: 'propiedad',
        heading: '4. Propiedad intelectual e industrial',
        blocks: [
          p(
            `Los contenidos de este sitio (textos, gráficos, diseño, logotipos, código y bases de datos) son de ` +
              `${company.name} o de terceros que han autorizado su uso, y están protegidos por el texto refundido ` +
              'de la Ley de Propiedad Intelectual y por la Ley 17/2001, de Marcas. Se permite su consulta y la ' +
              'descarga de los documentos propios del cliente para su uso personal; cualquier otra reproducción, ' +
              'distribución o transformación requiere autorización escrita.',
          ),
        ],
      },
      {
        id: 'responsabilidad',
        heading: '5. Responsabilidad',
        blocks: [
          p(
            'La empresa procura que la información de la Oficina Virtual sea exacta y esté disponible de forma ' +
              'continua, pero no garantiza la ausencia de interrupciones por mantenimiento, fallos técnicos o causas ' +
              'ajenas a su control. Las mediciones y curvas de carga se muestran tal como las facilita la empresa ' +
              'distribuidora y pueden ser objeto de revisión; en caso de discrepancia prevalecen las facturas y los ' +
              'certificados emitidos.',
          ),
          p(
            'La empresa no responde de los daños derivados de un uso indebido del servicio ni de la falta de ' +
              'custodia de las credenciales por parte del usuario.',
          ),
        ],
      },
      {
        id: 'enlaces',
        heading: '6. Enlaces a otros sitios',
        blocks: [
          p(
            'Los enlaces a sitios de terceros (redes sociales, organismos públicos) se ofrecen solo como ' +
              'información; la empresa no controla ni responde de sus contenidos ni de sus políticas de privacidad.',
          ),
        ],
      },
      {
        id: 'datos',
        heading: '7. Protección de datos y cookies',
        blocks: [
          p(
            'El tratamiento de los datos personales se explica en la política de privacidad y el uso de cookies y ' +
              `almacenamiento local, en la política de cookies. Para cualquier consulta puede escribir al delegado ` +
              `de protección de datos en ${dpoEmail}.`,
          ),
          {
            kind: 'links',
            links: [
              { route: 'privacyPolicy', label: PRIVACY_POLICY_TITLE },
              { route: 'cookiePolicy', label: COOKIE_POLICY_TITLE },
            ],
          },
        ],
      },
      {
        id: 'reclamaciones',
        heading: '8. Reclamaciones y resolución de conflictos',
        blocks: [
          p(
            `Las reclamaciones pueden presentarse en el teléfono ${company.phone}, en ${company.email}, por escrito ` +
              `en ${company.postalAddress} o desde la sección de solicitudes de la Oficina Virtual. La empresa ` +
              'responderá en el plazo máximo de un mes.',
          ),
          p(
            'Si la respuesta no le satisface, el consumidor puede acudir a las Juntas Arbitrales de Consumo, a los ' +
              'servicios de consumo de su comunidad autónoma o al procedimiento de resolución de reclamaciones del ' +
              'sector energético previsto en el artículo 43 de la Ley 24/2013, del Sector Eléctrico, y en el ' +
              'artículo 57 bis de la Ley 34/1998, del Sector de Hidrocarburos.',
          ),
        ],
      },
      {
        id: 'legislacion',
        heading: '9. Legislación aplicable y jurisdicción',
        blocks: [
          p(
            'Este aviso legal se rige por la legislación española. Para cualquier controversia serán competentes ' +
              'los juzgados y tribunales del domicilio del usuario cuando este tenga la condición de consumidor, y ' +
              'en otro caso los de Madrid capital.',
          ),
        ],
      },
    ],
  };
}

export function privacyPolicy(company: LegalCompany): LegalDocument {
  const { cif, dpoEmail } = DEMO_REGISTRATION;
  return {
    title: PRIVACY_POLICY_TITLE,
    sections: [
      {
        id: 'responsable',
        heading: '1. Responsable del tratamiento',
        blocks: [
          list(
            `Responsable: ${company.name}`,
            `CIF: ${cif}`,
            `Dirección postal: ${company.postalAddress}`,
            `Teléfono: ${company.phone}`,
            `Correo electrónico: ${company.email}`,
          ),
          p(
            'Esta política explica cómo tratamos sus datos personales conforme al Reglamento (UE) 2016/679 ' +
              '(Reglamento General de Protección de Datos, RGPD) y a la Ley Orgánica 3/2018, de Protección de ' +
              'Datos Personales y garantía de los derechos digitales (LOPDGDD).',
          ),
        ],
      },
      {
        id: 'dpd',
        heading: '2. Delegado de protección de datos',
        blocks: [
          p(
            `Hemos designado un delegado de protección de datos (DPD), al que puede dirigirse en ${dpoEmail} o por ` +
              `correo postal a la atención del «Delegado de Protección de Datos», ${company.postalAddress}.`,
          ),
        ],
      },
      {
        id: 'datos',
        heading: '3. Datos que tratamos',
        blocks: [
          list(
            'Identificativos y de contacto: nombre y apellidos o razón social, NIF/CIF, dirección, teléfono y correo electrónico.',
            'Del suministro y del contrato: CUPS, dirección de suministro, tarifa de acceso, potencia contratada, fechas de alta y baja.',
            'De consumo: lecturas, mediciones horarias de telemedida, curvas de carga y, en autoconsumo, la energía excedentaria.',
            'Económicos y de facturación: facturas, importes, datos bancarios para la domiciliación e historial de pagos.',
            'De la cuenta de la Oficina Virtual: usuario, contraseña (guardada solo como resumen cifrado), fechas de acceso y solicitudes presentadas.',
            'Técnicos: dirección IP y datos de conexión necesarios para la seguridad del servicio.',
          ),
          p(
            'No tratamos categorías especiales de datos. Si nos facilita datos de terceros, debe haberles informado previamente.',
          ),
        ],
      },
      {
        id: 'finalidades',
        heading: '4. Finalidades y bases jurídicas',
        blocks: [
          {
            kind: 'table',
            caption: 'Finalidades del tratamiento y su base jurídica',
            head: ['Finalidad', 'Base jurídica'],
            rows: [
              [
                'Gestionar el contrato de suministro: alta, facturación, cobro, lecturas, atención de solicitudes y reclamaciones.',
                'Ejecución del contrato (art. 6.1.b RGPD).',
              ],
              [
                'Prestar la Oficina Virtual: acceso seguro, consulta de facturas, telemedida, curvas de carga y certificados.',
                'Ejecución del contrato (art. 6.1.b RGPD).',
              ],
              [
                'Cumplir obligaciones legales del sector energético, fiscales, contables y de prevención del fraude.',
                'Obligación legal (art. 6.1.c RGPD): Ley 24/2013, Ley 34/1998, normativa tributaria y mercantil.',
              ],
              [
                'Garantizar la seguridad de los sistemas y evitar accesos indebidos.',
                'Interés legítimo (art. 6.1.f RGPD) en proteger el servicio y los datos de los clientes.',
              ],
              [
                'Enviar comunicaciones comerciales sobre productos y servicios energéticos propios.',
                'Consentimiento (art. 6.1.a RGPD) o, para clientes, interés legítimo del art. 21.2 LSSI-CE, con oposición en cualquier momento.',
              ],
              [
                'Elaborar estadísticas anónimas de uso de la Oficina Virtual.',
                'Consentimiento (art. 6.1.a RGPD) a las cookies de análisis.',
              ],
            ],
          },
          p(
            'No tomamos decisiones basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos sobre usted.',
          ),
        ],
      },
      {
        id: 'conservacion',
        heading: '5. Plazo de conservación',
        blocks: [
          p(
            'Conservamos los datos mientras el contrato esté vigente y, después, bloqueados durante los plazos en ' +
              'que puedan exigirse responsabilidades: seis años para la documentación mercantil y contable (art. 30 ' +
              'del Código de Comercio), cuatro años para la tributaria (Ley General Tributaria) y cinco años para las ' +
              'acciones personales (art. 1964 del Código Civil). Las mediciones horarias se muestran en la Oficina ' +
              'Virtual durante tres años. Los datos tratados con su consentimiento se conservan hasta que lo retire.',
          ),
        ],
      },
      {
        id: 'destinatarios',
        heading: '6. Destinatarios',
        blocks: [
          list(
            'La empresa distribuidora de su zona, para la gestión del acceso a la red y de las lecturas.',
            'La CNMC, el Ministerio competente en energía y las administraciones públicas, cuando lo exija la ley.',
            'La Agencia Estatal de Administración Tributaria y los juzgados y tribunales, en los casos previstos legalmente.',
            'Entidades bancarias, para el cobro de las facturas.',
            'Proveedores que tratan datos por nuestra cuenta (alojamiento, atención telefónica, impresión y envío de facturas), con contrato de encargo del tratamiento conforme al art. 28 RGPD.',
          ),
        ],
      },
      {
        id: 'transferencias',
        heading: '7. Transferencias internacionales',
        blocks: [
          p(
            'Los datos se alojan en servidores situados en el Espacio Económico Europeo. Si algún proveedor ' +
              'tuviera que acceder a ellos desde fuera, solo se haría con una decisión de adecuación de la Comisión ' +
              'Europea (como el Marco de Privacidad de Datos UE-EE. UU.) o con las cláusulas contractuales tipo ' +
              'aprobadas por la Comisión y las medidas complementarias necesarias.',
          ),
        ],
      },
      {
        id: 'derechos',
        heading: '8. Sus derechos',
        blocks: [
          p('Puede ejercer en cualquier momento, de forma gratuita, los siguientes derechos:'),
          list(
            'Acceso: saber si tratamos sus datos y obtener una copia.',
            'Rectificación: corregir los datos inexactos o completar los incompletos.',
            'Supresión: pedir que se borren cuando ya no sean necesarios, entre otros supuestos.',
            'Oposición: oponerse a un tratamiento basado en el interés legítimo o con fines de mercadotecnia directa.',
            'Limitación del tratamiento: pedir que se conserven pero no se usen mientras se resuelve una reclamación.',
            'Portabilidad: recibir en un formato estructurado y de uso común los datos que nos facilitó, o que se transmitan a otra empresa.',
            'No ser objeto de decisiones individuales automatizadas.',
            'Retirar el consentimiento prestado, sin que ello afecte a la licitud del tratamiento anterior.',
          ),
          p(
            `Para ejercerlos, escriba a ${dpoEmail} o a ${company.postalAddress}, indicando el derecho que ejerce y ` +
              'acreditando su identidad. Responderemos en el plazo de un mes, prorrogable dos meses más en casos ' +
              'complejos, con aviso previo.',
          ),
          p(
            'Si considera que no hemos atendido debidamente sus derechos, puede presentar una reclamación ante la ' +
              'Agencia Española de Protección de Datos (AEPD), C/ Jorge Juan 6, 28001 Madrid, www.aepd.es.',
          ),
        ],
      },
      {
        id: 'seguridad',
        heading: '9. Seguridad',
        blocks: [
          p(
            'Aplicamos medidas técnicas y organizativas adecuadas al riesgo: conexiones cifradas, contraseñas ' +
              'guardadas como resúmenes con sal, sesiones con caducidad, acceso a cada dato solo por su titular o por ' +
              'el administrador de fincas autorizado, copias de seguridad y registro de accesos.',
          ),
        ],
      },
      {
        id: 'cambios',
        heading: '10. Menores y cambios en esta política',
        blocks: [
          p(
            'La contratación y el uso de la Oficina Virtual están reservados a mayores de 18 años. Podemos ' +
              'actualizar esta política para adaptarla a cambios legales o del servicio; la fecha de la última ' +
              'actualización figura al principio y, si el cambio es relevante, se lo comunicaremos.',
          ),
        ],
      },
    ],
  };
}

/** What the Oficina Virtual stores in the browser: its session keys (spec 01 §3, spec 02 §3). */
const STORAGE_ROWS: string[][] = [
  [
    'accessToken, user-token, refresh_token',
    'Propia (almacenamiento local)',
    'Mantener la sesión iniciada de forma segura.',
    'Necesaria',
    'Hasta cerrar la sesión o hasta que caduque',
  ],
  [
    'email, profile, isAdministrador',
    'Propia (almacenamiento local)',
    'Recordar el usuario conectado y si es cliente o administrador de fincas.',
    'Necesaria',
    'Hasta cerrar la sesión',
  ],
  [
    'isLeaving',
    'Propia (almacenamiento local)',
    'Avisar de que la sesión ha caducado al volver a la página de acceso.',
    'Necesaria',
    'Hasta el siguiente acceso',
  ],
  [
    'cups, contracts, selectedProduct, totalElectricidad, totalGas, totalContractsElectricidad, totalContractsGas, hasUnicasInvoices',
    'Propia (almacenamiento local)',
    'Recordar los suministros y el producto seleccionado mientras navega.',
    'Necesaria',
    'Hasta cerrar la sesión',
  ],
  [
    'issues, openIssuesCount, selectedIssue, categoryIDCached, subcategoriesSelected',
    'Propia (almacenamiento local)',
    'Recordar las solicitudes y la categoría elegida al crear una nueva.',
    'Preferencias',
    'Hasta cerrar la sesión',
  ],
];

export function cookiePolicy(company: LegalCompany): LegalDocument {
  return {
    title: COOKIE_POLICY_TITLE,
    sections: [
      {
        id: 'que-son',
        heading: '1. ¿Qué son las cookies?',
        blocks: [
          p(
            'Las cookies y tecnologías similares, como el almacenamiento local del navegador (localStorage), son ' +
              'pequeños archivos o registros que un sitio web guarda en su dispositivo para recordar información ' +
              'sobre su visita. Esta política cumple el artículo 22.2 de la LSSI-CE y sigue la Guía sobre el uso de ' +
              `las cookies de la AEPD. El responsable es ${company.name}.`,
          ),
        ],
      },
      {
        id: 'tipos',
        heading: '2. Tipos de cookies',
        blocks: [
          p('Según su finalidad, las cookies pueden ser:'),
          list(
            'Necesarias o técnicas: imprescindibles para que el sitio funcione, por ejemplo para mantener la sesión iniciada o recordar el suministro seleccionado. No requieren consentimiento.',
            'De preferencias o personalización: recuerdan opciones del usuario, como el idioma o la última categoría elegida en un formulario.',
            'De análisis o medición: permiten contar las visitas y saber cómo se usa el sitio para mejorarlo, con datos agregados.',
            'De publicidad o marketing: registran los hábitos de navegación para mostrar anuncios adaptados a los intereses del usuario.',
            'De redes sociales: las instalan las redes sociales cuando se comparte un contenido o se muestra un botón o una publicación suya.',
          ),
          p(
            'Según quién las gestiona, son propias (del titular del sitio) o de terceros; y según su duración, de ' +
              'sesión (se borran al cerrar el navegador) o persistentes (se conservan durante un plazo).',
          ),
        ],
      },
      {
        id: 'utilizadas',
        heading: '3. Cookies y almacenamiento que usa la Oficina Virtual',
        blocks: [
          {
            kind: 'table',
            caption: 'Cookies y almacenamiento local de la Oficina Virtual',
            head: ['Nombre', 'Titular', 'Finalidad', 'Tipo', 'Duración'],
            rows: STORAGE_ROWS,
          },
          p(
            'La Oficina Virtual no instala cookies de análisis, de publicidad ni de redes sociales. Los enlaces a ' +
              'nuestras redes sociales del pie de página son enlaces simples: la red social solo podrá instalar sus ' +
              'cookies si usted los sigue, conforme a su propia política. Si en el futuro se incorporasen cookies de ' +
              'análisis o publicidad, se pedirá su consentimiento previo mediante un aviso y figurarán en esta tabla.',
          ),
        ],
      },
      {
        id: 'gestion',
        heading: '4. Cómo gestionar y eliminar las cookies',
        blocks: [
          p(
            'Cerrar la sesión borra los datos de sesión de la Oficina Virtual. Además, puede permitir, bloquear o ' +
              'eliminar las cookies y el almacenamiento local desde la configuración de su navegador:',
          ),
          list(
            'Google Chrome: Configuración › Privacidad y seguridad › Cookies de terceros y Datos de sitios.',
            'Mozilla Firefox: Ajustes › Privacidad & Seguridad › Cookies y datos del sitio.',
            'Safari: Ajustes › Privacidad › Gestionar datos de sitios web.',
            'Microsoft Edge: Configuración › Cookies y permisos del sitio › Administrar y eliminar cookies y datos del sitio.',
          ),
          p(
            'Si bloquea las cookies y el almacenamiento necesarios no podrá iniciar sesión en la Oficina Virtual. ' +
              'Puede retirar en cualquier momento el consentimiento que haya dado a cookies no necesarias, de la ' +
              'misma forma en que lo dio.',
          ),
        ],
      },
      {
        id: 'mas-informacion',
        heading: '5. Más información',
        blocks: [
          p(
            'El tratamiento de los datos obtenidos mediante cookies se rige por nuestra política de privacidad, ' +
              'donde se explican sus derechos y cómo ejercerlos. Los datos del titular del sitio figuran en el aviso ' +
              `legal. Para cualquier duda puede escribir a ${company.email}.`,
          ),
          {
            kind: 'links',
            links: [
              { route: 'legalNotice', label: LEGAL_NOTICE_TITLE },
              { route: 'privacyPolicy', label: PRIVACY_POLICY_TITLE },
            ],
          },
        ],
      },
    ],
  };
}
