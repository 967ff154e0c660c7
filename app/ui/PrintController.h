#pragma once

// Printing from Settings: the order-chit sheet of the game's scenario (or a bundled one) as a PDF in the
// games folder, with the paper, label size and code chosen at the table. There is no printer dialog: the page
// says where the PDF went.

#include <QObject>
#include <QtQml/qqmlregistration.h>

namespace muster::app {

class PrintController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString paper READ paper WRITE setPaper NOTIFY changed FINAL)
    Q_PROPERTY(double labelMm READ labelMm WRITE setLabelMm NOTIFY changed FINAL)
    Q_PROPERTY(QString code READ code WRITE setCode NOTIFY changed FINAL)
    Q_PROPERTY(QString folder READ folder WRITE setFolder NOTIFY changed FINAL)
    Q_PROPERTY(QString message READ message NOTIFY changed FINAL)
    Q_PROPERTY(bool failed READ failed NOTIFY changed FINAL)
    Q_PROPERTY(QString lastPath READ lastPath NOTIFY changed FINAL)

public:
    explicit PrintController(QObject* parent = nullptr);

    QString paper() const { return m_paper; }
    void setPaper(const QString& paper);
    double labelMm() const { return m_labelMm; }
    void setLabelMm(double mm);
    QString code() const { return m_code; }
    void setCode(const QString& code);
    // Where PDFs go; default: the games folder.
    QString folder() const { return m_folder; }
    void setFolder(const QString& folder);
    QString message() const { return m_message; }
    bool failed() const { return m_failed; }
    QString lastPath() const { return m_lastPath; }

    // Chits for the scenario of a game file (the snapshot it keeps, so its chits match the game's).
    Q_INVOKABLE bool printGameChits(const QString& gamePath);
    // Chits for a bundled scenario (by name) or a scenario file.
    Q_INVOKABLE bool printScenarioChits(const QString& scenario);

Q_SIGNALS:
    void changed();

private:
    bool print(const std::string& scenarioJson, const QString& baseName);
    bool fail(const QString& message);

    QString m_paper = QStringLiteral("a4");
    double m_labelMm = 19.05; // a US penny
    QString m_code = QStringLiteral("microqr");
    QString m_folder;
    QString m_message;
    bool m_failed = false;
    QString m_lastPath;
};

} // namespace muster::app
