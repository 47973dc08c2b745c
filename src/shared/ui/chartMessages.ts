import type { LangOptions } from 'highcharts';

/**
 * The Spanish texts of every chart: Highcharts' own (screen-reader descriptions, legend, zoom, exporting) and
 * the frame the portal draws around a chart (summary line, "Ver como tabla"). Highcharts speaks English
 * unless each of these is set; a type-only import keeps Highcharts in the chart's lazy chunk.
 */
const plural = (count: string, one: string, many: string) => `{#eq ${count} 1}${one}{else}${many}{/eq}`;
const points = plural('numPoints', 'punto', 'puntos');
const seriesPoints = (kind: string) =>
  `{series.name}, ${kind} {seriesNumber} de {chart.series.length} con {series.points.length} ${plural(
    'series.points.length',
    'punto',
    'puntos',
  )}.`;
const seriesBars = `{series.name}, serie de barras {seriesNumber} de {chart.series.length} con {series.points.length} ${plural(
  'series.points.length',
  'barra',
  'barras',
)}.`;

export const CHART_LANG: LangOptions = {
  // Month and weekday names come from Intl for this locale.
  locale: 'es-ES',
  decimalPoint: ',',
  thousandsSep: '.',
  chartTitle: 'Título del gráfico',
  seriesName: 'Serie {add index 1}',
  yAxisTitle: 'Valores',
  resetZoom: 'Restablecer zoom',
  resetZoomTitle: 'Restablecer el zoom al nivel 1:1',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  loading: 'Cargando…',
  noData: 'Sin datos que mostrar',
  viewFullscreen: 'Ver a pantalla completa',
  exitFullscreen: 'Salir de pantalla completa',
  printChart: 'Imprimir el gráfico',
  downloadPNG: 'Descargar imagen PNG',
  downloadJPEG: 'Descargar imagen JPEG',
  downloadPDF: 'Descargar documento PDF',
  downloadSVG: 'Descargar imagen vectorial SVG',
  downloadCSV: 'Descargar CSV',
  downloadXLS: 'Descargar XLS',
  contextButtonTitle: 'Menú del gráfico',
  viewData: 'Ver la tabla de datos',
  hideData: 'Ocultar la tabla de datos',
  exportInProgress: 'Exportando…',
  exportData: {
    annotationHeader: 'Anotaciones',
    categoryHeader: 'Categoría',
    categoryDatetimeHeader: 'Fecha y hora',
  },
  accessibility: {
    thousandsSep: '.',
    defaultChartTitle: 'Gráfico',
    chartContainerLabel: '{title}. Gráfico interactivo.',
    svgContainerLabel: 'Gráfico interactivo',
    credits: 'Créditos del gráfico: {creditsStr}',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      endOfChartMarker: 'Fin del gráfico interactivo.',
    },
    legend: {
      legendLabelNoTitle: 'Mostrar u ocultar series, {chartTitle}',
      legendLabel: 'Leyenda del gráfico: {legendTitle}',
      legendItem: 'Mostrar {itemName}',
    },
    zoom: {
      mapZoomIn: 'Acercar el gráfico',
      mapZoomOut: 'Alejar el gráfico',
      resetZoomButton: 'Restablecer zoom',
    },
    table: {
      viewAsDataTableButtonText: 'Ver como tabla, {chartTitle}',
      tableSummary: 'Representación del gráfico en forma de tabla.',
    },
    announceNewData: {
      newDataAnnounce: 'Datos actualizados del gráfico {chartTitle}',
      newSeriesAnnounceSingle: 'Nueva serie de datos: {seriesDesc}',
      newPointAnnounceSingle: 'Nuevo punto de datos: {pointDesc}',
      newSeriesAnnounceMultiple: 'Nuevas series de datos en el gráfico {chartTitle}: {seriesDesc}',
      newPointAnnounceMultiple: 'Nuevo punto de datos en el gráfico {chartTitle}: {pointDesc}',
    },
    chartTypes: {
      emptyChart: 'Gráfico vacío',
      combinationChart: 'Gráfico combinado con {numSeries} series de datos.',
      defaultSingle: `Gráfico con {numPoints} ${points}.`,
      defaultMultiple: 'Gráfico con {numSeries} series de datos.',
      splineSingle: `Gráfico de líneas con {numPoints} ${points}.`,
      splineMultiple: 'Gráfico de líneas con {numSeries} líneas.',
      lineSingle: `Gráfico de líneas con {numPoints} ${points}.`,
      lineMultiple: 'Gráfico de líneas con {numSeries} líneas.',
      columnSingle: `Gráfico de barras con {numPoints} ${plural('numPoints', 'barra', 'barras')}.`,
      columnMultiple: 'Gráfico de barras con {numSeries} series de datos.',
      barSingle: `Gráfico de barras con {numPoints} ${plural('numPoints', 'barra', 'barras')}.`,
      barMultiple: 'Gráfico de barras con {numSeries} series de datos.',
    },
    axis: {
      xAxisDescriptionSingular: 'El gráfico tiene 1 eje X que muestra {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural:
        'El gráfico tiene {numAxes} ejes X que muestran {#each names}{#unless @first},{/unless}{#if @last} y{/if} {this}{/each}.',
      yAxisDescriptionSingular: 'El gráfico tiene 1 eje Y que muestra {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural:
        'El gráfico tiene {numAxes} ejes Y que muestran {#each names}{#unless @first},{/unless}{#if @last} y{/if} {this}{/each}.',
      timeRangeDays: 'Intervalo de datos: {range} días.',
      timeRangeHours: 'Intervalo de datos: {range} horas.',
      timeRangeMinutes: 'Intervalo de datos: {range} minutos.',
      timeRangeSeconds: 'Intervalo de datos: {range} segundos.',
      // Highcharts hands a value axis' ends over as bare digits ("15000"); the sum with 0 makes them numbers again
      // so they are grouped es-ES (15.000). A time axis' ends are dates, read as they come.
      rangeFromTo:
        '{#if axis.dateTime}Los datos van de {rangeFrom} a {rangeTo}.' +
        '{else}Los datos van de {(multiply rangeFrom 1):,f} a {(multiply rangeTo 1):,f}.{/if}',
      rangeCategories: 'Intervalo de datos: {numCategories} categorías.',
      defaultAxisNames: { categories: 'categorías', time: 'tiempo', values: 'valores' },
    },
    exporting: {
      chartMenuLabel: 'Menú del gráfico',
      menuButtonLabel: 'Ver el menú del gráfico, {chartTitle}',
    },
    series: {
      summary: {
        default: seriesPoints('serie'),
        defaultCombination: seriesPoints('serie'),
        line: seriesPoints('línea'),
        lineCombination: seriesPoints('línea'),
        spline: seriesPoints('línea'),
        splineCombination: seriesPoints('línea'),
        column: seriesBars,
        columnCombination: seriesBars,
        bar: seriesBars,
        barCombination: seriesBars,
      },
      description: '{description}',
      xAxisDescription: 'Eje X, {name}',
      yAxisDescription: 'Eje Y, {name}',
      nullPointValue: 'Sin valor',
      pointAnnotationsDescription: '{#each annotations}Anotación: {this}{/each}',
    },
  },
};

export const VIEW_AS_TABLE = 'Ver como tabla';
export const tableCaption = (title: string, unit: string) => (unit ? `${title} (${unit})` : title);
export const TABLE_TOTAL = 'Total';
export const TABLE_DATE_HEADER = 'Fecha y hora';
export const SUMMARY_TOTAL = 'total';
export const SUMMARY_LARGEST = 'valor más alto';
export const summaryPeriod = (from: string, to: string) =>
  from === to ? `El ${from}` : `Del ${from} al ${to}`;
